// tts download: its work, and its two front ends (the declaration is download.ts).
import { NotReadyError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { printRecord } from '../../io/output.js';
import type { TtsGeneration } from '../../schemas/tts.js';
import { write } from '../../io/streams.js';
import { type DownloadFlags, downloadCommand, withDownloadHints } from '../../tts/again.js';
import {
  checkDestination,
  type DownloadOptions as Destination,
  type DownloadResult,
  downloadAudio,
} from '../../tts/download.js';
import { type Player, playFile, requirePlayer } from '../../tts/play.js';
import { fetchGeneration } from '../../tts/wait.js';
import { type AgentContext, folderOf } from '../agent.js';
import { warnUnusedWaitFlags } from './common.js';
import type { DownloadInput, DownloadOptions } from './download.js';
import { waitGenerations } from './wait-run.js';

export interface DownloadWork
  extends Pick<DownloadOptions, 'id' | 'out' | 'force' | 'wait' | 'play' | 'interval' | 'timeout'> {
  /** MCP: the file is created in the server's folder, never replacing one, instead of a path of this machine. */
  create?: Destination['create'];
}

export interface Downloaded extends DownloadResult {
  /** --play: the player found before anything was downloaded. */
  player?: Player;
}

/**
 * The work of tts download, for both front ends: the destination and the player checked before any request, the
 * generation waited for (--wait) or fetched, its audio written (src/tts/download.ts). An error of the download
 * says how to take it up again with the same flags.
 */
export async function downloadGeneration(f: Factory, input: DownloadWork): Promise<Downloaded> {
  if (!input.create) checkDestination(f, { out: input.out, force: input.force });
  const player = input.play ? requirePlayer(f, input.out, 'Nothing was downloaded.') : undefined;
  warnUnusedWaitFlags(f, input, input.wait, '--wait');
  // What resumes this command when it is stopped: the same download, to the same place.
  const again = { out: input.out, force: input.force, play: input.play };
  let g;
  if (input.wait) {
    const waited = await waitGenerations(f, { ...input, ids: [input.id] }, ([id]) =>
      downloadCommand(f, id, { ...again, wait: true }),
    );
    if (waited.unfinished) throw waited.unfinished;
    [g] = waited.records;
  } else {
    g = await fetchGeneration(await f.client(), input.id, f.signal);
  }
  const saved = await saveAudio(
    f,
    g,
    { out: input.out, force: input.force, name: input.id, create: input.create },
    again,
  );
  return { ...saved, player };
}

/**
 * The audio of a generation known to be completed, written where `dest` says: the last step of the work above, and
 * of `tts create --out` and `--play`, which have the record from their wait. Its errors say how to download again
 * with the same flags (`again`).
 */
export function saveAudio(
  f: Factory,
  g: TtsGeneration,
  dest: Destination,
  again: DownloadFlags,
): Promise<DownloadResult> {
  return downloadAudio(f, g, dest).catch((err: unknown) => {
    throw withDownloadHints(f, err, g.id, again);
  });
}

/** The CLI: the path on -q, a line on a terminal, the record otherwise; then --play plays it. */
export async function run(f: Factory, flags: DownloadOptions): Promise<void> {
  const { player, ...saved } = await downloadGeneration(f, flags);
  if (saved.file === null) return;
  const out = f.output();
  if (out.quiet) {
    // output: -q prints the path for scripts; the file name is built from a safe form of the id (safeName).
    await write(f.io.out, `${saved.file}\n`);
  } else if (out.format === 'table')
    f.log.warn(`Saved ${saved.file} (${saved.bytes} bytes${saved.contentType ? `, ${saved.contentType}` : ''})`);
  else await printRecord(f.io, out, { ...saved });
  if (player) await playFile(f, player, saved.file, `The audio is in ${saved.file}.`);
}

/** MCP: into a new file of the server's folder, never replacing one; a completed generation only (tts_wait waits). */
export async function act(ctx: AgentContext, _input: DownloadInput, _sent: unknown, opts: DownloadOptions) {
  const folder = folderOf(ctx, 'file');
  let saved;
  try {
    // The tool's file is --out; --force, --wait and --play are off (the tool offers none of them).
    saved = await downloadGeneration(ctx.f, { ...opts, create: (name) => folder.create(name, 'file') });
  } catch (err) {
    // The command's hints name its flags (--force, --wait); a tool has other ways out.
    if (err instanceof UsageError && err.message.includes('already exists'))
      err.hints = ['An existing file is never replaced: pass another file name.'];
    else if (err instanceof NotReadyError) err.hints = ['Wait for it with tts_wait, then download it.'];
    throw err;
  }
  return { id: saved.id, file: saved.file, bytes: saved.bytes, contentType: saved.contentType };
}
