// tts download: the audio of a completed generation, to a file or stdout.
import * as z from 'zod';
import type { Factory } from '../../factory.js';
import { printRecord } from '../../io/output.js';
import { write } from '../../io/streams.js';
import { parseOptions } from '../../options.js';
import { checkDestination, downloadAudio } from '../../tts/download.js';
import { waitProgress } from '../../tts/progress.js';
import { fetchGeneration, waitForGenerations } from '../../tts/wait.js';
import { intervalMs, WaitFlags, waitTimeout, warnUnusedWaitFlags } from './shared.js';

const Flags = WaitFlags.extend({
  id: z.string().trim().min(1, 'must not be empty'),
  out: z.string().optional(),
  force: z.boolean().default(false),
  wait: z.boolean().default(false),
  play: z.boolean().default(false),
});

export async function downloadRun(f: Factory, id: string, raw: Record<string, unknown>): Promise<void> {
  const flags = parseOptions(Flags, { ...raw, id }, { id: '<id>' });
  checkDestination(f, { out: flags.out, force: flags.force });
  const play = flags.play ? await import('../../tts/play.js') : undefined;
  const player = play?.requirePlayer(f, flags.out, 'Nothing was downloaded.');
  warnUnusedWaitFlags(f, raw, flags.wait, '--wait');
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
          resumeCommand: 'tts download --wait',
        },
        progress.update,
      );
    } finally {
      progress.stop();
    }
  } else {
    g = await fetchGeneration(await f.client(), flags.id, f.signal);
  }
  const saved = await downloadAudio(f, g, { out: flags.out, force: flags.force });
  if (saved.file === null) return;
  const out = f.output();
  if (out.quiet) await write(f.io.out, `${saved.file}\n`);
  else if (out.format === 'table')
    f.warn(`Saved ${saved.file} (${saved.bytes} bytes${saved.contentType ? `, ${saved.contentType}` : ''})`);
  else await printRecord(f.io, out, { ...saved });
  if (play && player) await play.playFile(f, player, saved.file, `The audio is in ${saved.file}.`);
}
