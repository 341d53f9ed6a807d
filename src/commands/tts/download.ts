// tts download: the audio of a completed generation, to a file or stdout.
import * as z from 'zod/mini';
import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { parseOptions } from '../../options.js';
import { examples } from '../help.js';
import { addWaitOptions, intervalMs, PLAYERS_HELP, waitTimeout, warnUnusedWaitFlags } from './common.js';

/** The options' rules, built when the verb runs (never for --help). */
async function optionsSchema() {
  const [{ WaitFlags }] = await Promise.all([import('./wait-flags.js')]);
  return z.extend(WaitFlags, {
    id: z.string().check(z.trim(), z.minLength(1, 'must not be empty')),
    out: z.optional(z.string()),
    force: z._default(z.boolean(), false),
    wait: z._default(z.boolean(), false),
    play: z._default(z.boolean(), false),
  });
}
type DownloadOptions = z.infer<Awaited<ReturnType<typeof optionsSchema>>>;

export function makeDownloadCommand(f: Factory, run = downloadRun): Command {
  const cmd = addWaitOptions(
    new Command('download')
      .description(
        'Download the audio of a completed generation to a file (default: <id>.wav in the current directory) or to stdout with --out -.\n\nThe file is written under a temporary name and renamed when complete: a failed or interrupted download leaves nothing. An existing file is never replaced without --force.',
      )
      .argument('<id>', 'generation ID')
      .option('--out <file>', 'where to write the audio; - for stdout')
      .option('--force', 'replace an existing file')
      .option('-w, --wait', 'wait for the generation to finish first')
      .option('--play', `play the saved file ${PLAYERS_HELP}`),
  ).action(async (id: string, raw: Record<string, unknown>) =>
    run(f, parseOptions(await optionsSchema(), { ...raw, id }, { id: '<id>' })),
  );
  return examples(cmd, [
    'voicectl tts download tts_0123456789abcdef',
    'voicectl tts download tts_0123456789abcdef --out hello.wav --force',
    'voicectl tts download tts_0123456789abcdef --play',
    'voicectl tts download tts_0123456789abcdef --out - | ffplay -nodisp -autoexit -',
  ]);
}

async function downloadRun(f: Factory, flags: DownloadOptions): Promise<void> {
  const { checkDestination, downloadAudio } = await import('../../tts/download.js');
  checkDestination(f, { out: flags.out, force: flags.force });
  const play = flags.play ? await import('../../tts/play.js') : undefined;
  const player = play?.requirePlayer(f, flags.out, 'Nothing was downloaded.');
  warnUnusedWaitFlags(f, flags, flags.wait, '--wait');
  const [{ fetchGeneration, waitForGenerations }, { downloadCommand, withDownloadHints }] = await Promise.all([
    import('../../tts/wait.js'),
    import('../../tts/again.js'),
  ]);
  // What resumes this command when it is stopped: the same download, to the same place.
  const again = { out: flags.out, force: flags.force, play: flags.play };
  let g;
  if (flags.wait) {
    const { waitProgress } = await import('../../tts/progress.js');
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
  const saved = await downloadAudio(f, g, { out: flags.out, force: flags.force }).catch((err: unknown) => {
    throw withDownloadHints(f, err, g.id, again);
  });
  if (saved.file === null) return;
  const out = f.output();
  if (out.quiet) {
    const { write } = await import('../../io/streams.js');
    await write(f.io.out, `${saved.file}\n`);
  } else if (out.format === 'table')
    f.warn(`Saved ${saved.file} (${saved.bytes} bytes${saved.contentType ? `, ${saved.contentType}` : ''})`);
  else await (await import('../../io/output.js')).printRecord(f.io, out, { ...saved });
  if (play && player) await play.playFile(f, player, saved.file, `The audio is in ${saved.file}.`);
}
