// tts download: what it runs (the declaration is download.ts).
import { NotReadyError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { printRecord } from '../../io/output.js';
import { write } from '../../io/streams.js';
import { downloadCommand, withDownloadHints } from '../../tts/again.js';
import { checkDestination, downloadAudio } from '../../tts/download.js';
import { playFile, requirePlayer } from '../../tts/play.js';
import { waitProgress } from '../../tts/progress.js';
import { fetchGeneration, waitForGenerations } from '../../tts/wait.js';
import { intervalMs, waitTimeout, warnUnusedWaitFlags } from './common.js';
import { type AgentContext, folderOf } from '../agent.js';
import type { DownloadInput, DownloadOptions } from './download.js';

export async function run(f: Factory, flags: DownloadOptions): Promise<void> {
  checkDestination(f, { out: flags.out, force: flags.force });
  const play = flags.play ? { playFile, requirePlayer } : undefined;
  const player = play?.requirePlayer(f, flags.out, 'Nothing was downloaded.');
  warnUnusedWaitFlags(f, flags, flags.wait, '--wait');
  // What resumes this command when it is stopped: the same download, to the same place.
  const again = { out: flags.out, force: flags.force, play: flags.play };
  let g;
  if (flags.wait) {
    const progress = await waitProgress(f);
    try {
      [g] = await waitForGenerations(
        f,
        [flags.id],
        {
          intervalMs: intervalMs(f, flags.interval),
          ...waitTimeout(flags),
          resume: ([id]) => downloadCommand(f, id, { ...again, wait: true }),
        },
        progress.update,
      );
    } finally {
      progress.stop();
    }
  } else {
    g = await fetchGeneration(await f.client(), flags.id, f.signal);
  }
  const saved = await downloadAudio(f, g, { out: flags.out, force: flags.force, name: flags.id }).catch(
    (err: unknown) => {
      throw withDownloadHints(f, err, g.id, again);
    },
  );
  if (saved.file === null) return;
  const out = f.output();
  if (out.quiet) {
    // output: -q prints the path for scripts; the file name is built from a safe form of the id (safeName).
    await write(f.io.out, `${saved.file}\n`);
  } else if (out.format === 'table')
    f.log.warn(`Saved ${saved.file} (${saved.bytes} bytes${saved.contentType ? `, ${saved.contentType}` : ''})`);
  else await printRecord(f.io, out, { ...saved });
  if (play && player) await play.playFile(f, player, saved.file, `The audio is in ${saved.file}.`);
}

/** For an agent: into a new file of the server's folder, never replacing one. */
export async function act(ctx: AgentContext, { id, file }: DownloadInput) {
  const folder = folderOf(ctx, 'file');
  const g = await fetchGeneration(await ctx.f.client(), id, ctx.f.signal);
  let saved;
  try {
    saved = await downloadAudio(ctx.f, g, { out: file, force: false, create: (name) => folder.create(name, 'file') });
  } catch (err) {
    // The command's hints name its flags (--force, --wait); a tool has other ways out.
    if (err instanceof UsageError && err.message.includes('already exists'))
      err.hints = ['An existing file is never replaced: pass another file name.'];
    else if (err instanceof NotReadyError) err.hints = ['Wait for it with tts_wait, then download it.'];
    throw err;
  }
  return { id: saved.id, file: saved.file, bytes: saved.bytes, contentType: saved.contentType };
}
