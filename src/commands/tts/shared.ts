// What the tts verbs share: how a generation reads on a terminal, and the flags of waiting.
// Loaded only when a tts verb runs (index.ts defines the commands without importing zod).
import * as z from 'zod';
import type { Factory } from '../../factory.js';
import { cell, oneLine } from '../../io/format.js';
import { printList, printRecord, type Column, type Field } from '../../io/output.js';
import { decimal, tokenCost, TTS_POLL, type TtsGeneration } from '../../schemas/tts.js';
import { type Duration, durationFlag } from '../../schemas/duration.js';
import { explainFailure } from '../../tts/failures.js';

type Rec = Record<string, unknown>;

const tokens = (r: Rec) => (typeof r.tokenCost === 'number' ? `${r.tokenCost} tokens` : '');
const error = (r: Rec) => {
  if (!r.errorMessage) return '';
  const info = explainFailure(String(r.errorMessage));
  return `${cell(r.errorMessage)}: ${info.meaning} (${info.retryable === true ? 'a retry can help' : info.retryable === false ? 'a retry will not help' : 'retry unknown'})`;
};

export const GENERATION_FIELDS: Field[] = [
  { key: 'id', label: 'ID' },
  { key: 'status', label: 'Status' },
  { key: 'text', label: 'Text', human: (r) => oneLine(r.text), width: 120 },
  { key: 'characterCount', label: 'Characters' },
  { key: 'voice', label: 'Voice' },
  { key: 'language', label: 'Language' },
  { key: 'speed', label: 'Speed' },
  { key: 'stability', label: 'Stability' },
  { key: 'similarityBoost', label: 'Similarity boost' },
  { key: 'style', label: 'Style' },
  { key: 'source', label: 'Source' },
  { key: 'tokenCost', label: 'Tokens charged', human: tokens },
  { key: 'audioUrl', label: 'Audio' },
  { key: 'errorMessage', label: 'Error', human: error },
  { key: 'createdAt', label: 'Created', time: true },
  { key: 'completedAt', label: 'Completed', time: true },
];

export const GENERATION_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'status', header: 'STATUS' },
  // On a narrow terminal CHARS goes first, then TOKENS, VOICE and CREATED (tts get shows them all); TEXT takes what is left.
  { key: 'voice', header: 'VOICE', drop: 2 },
  { key: 'characterCount', header: 'CHARS', drop: 4 },
  { key: 'tokenCost', header: 'TOKENS', drop: 3 },
  { key: 'createdAt', header: 'CREATED', time: true, drop: 1 },
  { key: 'text', header: 'TEXT', human: (r) => oneLine(r.text), width: 40, fill: 12 },
];

/** Columns of -o csv: every field of reference 2.1, in the order `tts get` shows them (one order per resource). */
export const GENERATION_CSV_COLUMNS: Column[] = GENERATION_FIELDS.map(({ key }) => ({ key }));

/** One record as an object, several as a list. */
export async function printGenerations(f: Factory, records: TtsGeneration[], single: boolean): Promise<void> {
  const out = f.output();
  if (single && records.length === 1) return printRecord(f.io, out, records[0], GENERATION_FIELDS);
  await printList(f.io, out, records, {
    columns: out.format === 'table' ? GENERATION_COLUMNS : GENERATION_CSV_COLUMNS,
  });
}

export function costLine(characters: number): string {
  return `${tokenCost(characters)} tokens for ${characters} character${characters === 1 ? '' : 's'} (10 per 100, rounded up; deducted when processing begins, refunded if it fails)`;
}

const MAX_WAIT_SECONDS = 7 * 24 * 3600;
const WaitDuration = durationFlag(MAX_WAIT_SECONDS, '7 days');

const intervalRule = `must be a number of seconds from ${TTS_POLL.minIntervalSeconds} to ${TTS_POLL.maxIntervalSeconds} (the reference asks clients to poll every 3 to 5 seconds)`;
export const WaitFlags = z.object({
  interval: decimal(
    z
      .number({ error: intervalRule })
      .min(TTS_POLL.minIntervalSeconds, intervalRule)
      .max(TTS_POLL.maxIntervalSeconds, intervalRule),
  ).default(TTS_POLL.defaultIntervalSeconds),
  /** The whole wait (not each request): how long until it gives up. */
  timeout: WaitDuration.optional(),
});

/** --interval and --timeout given to a command that will not wait: said, since they change nothing. */
export function warnUnusedWaitFlags(f: Factory, raw: Record<string, unknown>, waiting: boolean, how: string): void {
  if (waiting) return;
  for (const flag of ['interval', 'timeout'] as const)
    if (raw[flag] !== undefined) f.warn(`warning: --${flag} has no effect without ${how}`);
}

/** The wait's --timeout in milliseconds, and how to say it: as typed, or the default. */
export function waitTimeout(flags: { timeout?: Duration }): { timeoutMs: number; timeoutText?: string } {
  return {
    timeoutMs: (flags.timeout?.seconds ?? TTS_POLL.defaultTimeoutSeconds) * 1000,
    timeoutText: flags.timeout?.text,
  };
}

/** Milliseconds between polls: the flag, or VOICECTL_POLL_INTERVAL_MS (tests and demos against a local sandbox). */
export function intervalMs(f: Factory, seconds: number): number {
  const override = Number(f.env.VOICECTL_POLL_INTERVAL_MS);
  return f.env.VOICECTL_POLL_INTERVAL_MS && Number.isFinite(override) && override >= 0 ? override : seconds * 1000;
}
