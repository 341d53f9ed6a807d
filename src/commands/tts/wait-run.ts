// tts wait: its work, and its two front ends (the declaration is wait.ts). The work is also what `tts create --wait`
// and `tts download --wait` wait with.
import { JobFailedError, WaitTimeoutError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import type { TtsGeneration } from '../../schemas/tts.js';
import { explained } from '../../tts/failures.js';
import { waitProgress } from '../../tts/progress.js';
import { recordsOf, type WaitOptions, waitForGenerations } from '../../tts/wait.js';
import { type AgentContext, cutTexts } from '../agent.js';
import { intervalMs, waitTimeout } from './common.js';
import { printGenerations } from './shared.js';
import type { WaitInput, WaitOptions as WaitCommandOptions } from './wait.js';

export interface WaitWork {
  ids: string[];
  /** Seconds between polls; the default poll when absent. */
  interval?: number;
  /** The whole wait (`text` as the user typed it, for the message when it passes); the default when absent. */
  timeout?: { seconds: number; text?: string };
}

export interface Waited {
  /** Every generation asked for, in the order asked, with its last known state. */
  records: TtsGeneration[];
  /** Those still queued or processing when the time ran out. */
  pending: string[];
  /**
   * Why not all completed: some failed (exit 5) or the time ran out (exit 6). The CLI prints the records, then
   * throws it; an agent reads records and pending. Anything else that stops the wait (Ctrl-C, a 404) is thrown,
   * with the records it knew (`recordsOf`).
   */
  unfinished?: JobFailedError | WaitTimeoutError;
}

/**
 * The work of tts wait, for both front ends: polls each generation until it is completed or failed, or the time
 * runs out (src/tts/wait.ts), with a spinner on a terminal that animates (never under MCP, whose stdout is a pipe).
 * `resume` is the command that takes the wait up again, when it is not `tts wait` (create and download resume by
 * downloading).
 */
export async function waitGenerations(f: Factory, input: WaitWork, resume?: WaitOptions['resume']): Promise<Waited> {
  const progress = await waitProgress(f);
  try {
    const opts = { intervalMs: intervalMs(f, input.interval), ...waitTimeout(input), resume };
    return { records: await waitForGenerations(f, input.ids, opts, progress.update), pending: [] };
  } catch (err) {
    if (!(err instanceof WaitTimeoutError || err instanceof JobFailedError)) throw err;
    const pending = (err as { pending?: string[] }).pending ?? [];
    return { records: recordsOf(err) ?? [], pending, unfinished: err };
  } finally {
    progress.stop();
  }
}

/** The CLI: the final records (one id: the record; several: a list), also when the wait stopped short. */
export async function run(f: Factory, opts: WaitCommandOptions): Promise<void> {
  const single = opts.ids.length === 1;
  let waited: Waited;
  try {
    waited = await waitGenerations(f, opts);
  } catch (err) {
    const records = recordsOf(err);
    if (records) await printGenerations(f, records, single);
    throw err;
  }
  await printGenerations(f, waited.records, single);
  if (waited.unfinished) throw waited.unfinished;
}

/** MCP: a wait that ran out, or a generation that failed, is an answer (with the pending ids), not an error. */
export async function act(ctx: AgentContext, _input: WaitInput, _sent: unknown, opts: WaitCommandOptions) {
  // timeoutSeconds is --timeout in seconds (optionsOf).
  const { records, pending } = await waitGenerations(ctx.f, { ids: opts.ids, timeout: opts.timeout });
  // Up to 50 generations: their texts cut (tts_get has one whole).
  return { done: pending.length === 0, pending, records: records.map((r) => cutTexts(explained(r), ['text'])) };
}
