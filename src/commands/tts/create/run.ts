// tts create for the CLI: the work of work.ts, then (--wait, --out, --play) the work of tts wait and the last step
// of tts download's, rendered for a terminal or a script. The declaration is command.ts; a dry run loads dry-run.ts
// instead.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodePathParam } from '../../../api/client.js';
import { excerpt } from '../../../api/errors.js';
import { MalformedResponseError, UsageError } from '../../../errors.js';
import type { Factory } from '../../../factory.js';
import { tokenCost } from '../../../facts.js';
import { printRecord } from '../../../io/output.js';
import { shellWord } from '../../../io/shell.js';
import type { TtsCreated, TtsGeneration } from '../../../schemas/tts.js';
import { downloadCommand } from '../../../tts/again.js';
import { checkDestination } from '../../../tts/download.js';
import { playFile, requirePlayer } from '../../../tts/play.js';
import { recordsOf } from '../../../tts/wait.js';
import { costLine } from '../common.js';
import { printGenerations } from '../shared.js';
import { saveAudio } from '../download-run.js';
import { waitGenerations } from '../wait-run.js';
import { prepare, printDryRun } from './body.js';
import type { CreateOptions } from './command.js';
import { createGeneration } from './work.js';

export async function run(f: Factory, flags: CreateOptions): Promise<void> {
  const prepared = await prepare(f, flags, () => {
    if (flags.out !== undefined) checkDestination(f, { out: flags.out, force: flags.force });
  });
  if (flags.dryRun) return printDryRun(f, flags, prepared);
  const { body, chars, waiting } = prepared;
  const play = flags.play ? { playFile, requirePlayer } : undefined;
  const player = play?.requirePlayer(f, flags.out, 'Nothing was sent.');

  const { generation: created } = await createGeneration(f, body);
  if (!waiting) return printCreated(f, created, chars);

  if (!f.output().quiet) f.log.warn(`${created.id} ${created.status}: ${costLine(created.characterCount ?? chars)}`);
  checkCreatedId(created.id, f.commandLine.invocation());
  // Stopped while waiting or downloading, --out (or --play) is resumed by `tts download --wait`, which writes the
  // file; `tts wait` alone would only print the record.
  const again = { out: flags.out, force: flags.force, play: flags.play };
  const records = await waitFor(f, flags, created.id, again);
  let saved: string | null = null;
  if (flags.out !== undefined) {
    const result = await saveAudio(f, records[0], { out: flags.out, force: flags.force }, again);
    if (result.file) f.log.warn(`Saved ${result.file} (${result.bytes} bytes)`);
    if (flags.out === '-') return;
    saved = result.file;
  }
  await printGenerations(f, records, true);
  const later = `${f.commandLine.invocation()} tts download ${shellWord(created.id)}`;
  if (play && player) return playIt(f, { play, player, saved, later, record: records[0], again });
  const out = f.output();
  if (out.format === 'table' && !out.quiet && flags.out === undefined) f.log.warn(`Download the audio: ${later}`);
}

type Again = { out?: string; force: boolean; play?: boolean };

/** Without --wait: the new record, with its cost, and how to follow it. */
async function printCreated(f: Factory, created: TtsCreated, chars: number): Promise<void> {
  const out = f.output();
  if (out.format === 'table' && !out.quiet) {
    await printRecord(f.io, out, { ...created, cost: `${tokenCost(created.characterCount ?? chars)} tokens` }, [
      { key: 'id', label: 'ID' },
      { key: 'status', label: 'Status' },
      { key: 'characterCount', label: 'Characters' },
      { key: 'cost', label: 'Cost' },
    ]);
    f.log.warn(`Follow it with: ${f.commandLine.invocation()} tts wait ${shellWord(created.id)}`);
    return;
  }
  await printRecord(f.io, out, created);
  if (!out.quiet) f.log.warn(`${created.id} ${created.status}: ${costLine(created.characterCount ?? chars)}`);
}

/** --wait: until the generation is final, with progress; stopped, it prints what it knows and how to resume. */
async function waitFor(f: Factory, flags: CreateOptions, id: string, again: Again): Promise<TtsGeneration[]> {
  const resumesByDownload = flags.out !== undefined || flags.play;
  const resume = resumesByDownload ? ([r]: string[]) => downloadCommand(f, r, { ...again, wait: true }) : undefined;
  // --out - writes the audio to stdout: no record goes there, even when the wait stops short.
  const print = (records: TtsGeneration[] | undefined) =>
    records && flags.out !== '-' ? printGenerations(f, records, true) : undefined;
  let waited;
  try {
    waited = await waitGenerations(f, { ids: [id], interval: flags.interval, timeout: flags.timeout }, resume);
  } catch (err) {
    await print(recordsOf(err));
    throw err;
  }
  if (waited.unfinished) {
    await print(waited.records);
    throw waited.unfinished;
  }
  return waited.records;
}

/** --play: the saved file, or (without --out) a temporary copy removed when the command ends. */
async function playIt(
  f: Factory,
  p: {
    play: { playFile: typeof playFile; requirePlayer: typeof requirePlayer };
    player: NonNullable<ReturnType<typeof requirePlayer>>;
    saved: string | null;
    later: string;
    record: TtsGeneration;
    again: Again;
  },
): Promise<void> {
  if (p.saved) return p.play.playFile(f, p.player, p.saved, `The audio is in ${p.saved}.`);
  const dir = await mkdtemp(join(tmpdir(), 'voicectl-play-'));
  f.cleanup.add(() => rm(dir, { recursive: true, force: true }));
  const copy = await saveAudio(f, p.record, { force: false, dir }, p.again);
  return p.play.playFile(f, p.player, copy.file!, `The audio was not kept (no --out); download it with: ${p.later}`);
}

/**
 * The id the service gave the new generation must be usable in a path (not "", "." or "..") before it is waited
 * for. The POST was sent: a bad id is the service's answer at fault (exit 1), not the user's input (exit 2).
 */
function checkCreatedId(id: string, invocation: string): void {
  try {
    encodePathParam(id);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    throw new MalformedResponseError(
      `POST /v1/tts created a generation with the id ${JSON.stringify(excerpt(id, 60))}, which cannot be asked for: not waiting for it`,
      {
        hints: [
          `The generation was created (and may be charged): do not create it again before checking with \`${invocation} tts list\`.`,
        ],
      },
    );
  }
}
