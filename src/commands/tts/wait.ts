// tts wait: polls GET /v1/tts/{id} for each id until all are completed or failed (reference 4.2, 8).
import * as z from 'zod/mini';
import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { TTS_POLL } from '../../facts.js';
import { parseOptions } from '../../options.js';
import { examples } from '../help.js';
import { addWaitOptions, intervalMs, waitTimeout } from './common.js';

/** The options' rules, built when the verb runs (never for --help). */
async function optionsSchema() {
  const [{ WaitFlags }] = await Promise.all([import('./wait-flags.js')]);
  return z.extend(WaitFlags, {
    ids: z
      .array(z.string().check(z.trim(), z.minLength(1, 'must not be empty')))
      .check(z.minLength(1, 'needs at least one generation ID')),
  });
}
type WaitOptions = z.infer<Awaited<ReturnType<typeof optionsSchema>>>;

export function makeWaitCommand(f: Factory, run = waitRun): Command {
  const cmd = addWaitOptions(
    new Command('wait').description(
      `Wait for one or more generations to finish, polling each every ${TTS_POLL.defaultIntervalSeconds} seconds (the reference asks for 3 to 5).\n\nOn a terminal a spinner shows each id's status; piped, nothing is printed until the end, then the final records (one id: the record; several: a list). Polling errors such as a 503 are retried; 401/403/404 stop it. Exit 0 all completed · 5 any failed (with what the error means) · 6 timed out · 130 Ctrl-C (pending ids printed).`,
    ),
  )
    .argument('<id...>', 'generation IDs')
    .action(async (ids: string[], raw: Record<string, unknown>) =>
      run(f, parseOptions(await optionsSchema(), { ...raw, ids }, { ids: '<id...>' })),
    );
  return examples(cmd, [
    'voicectl tts wait tts_0123456789abcdef',
    'voicectl tts wait tts_aaa tts_bbb tts_ccc --timeout 30m',
    'voicectl tts list --status processing -q | xargs -r voicectl tts wait --json',
  ]);
}

async function waitRun(f: Factory, opts: WaitOptions): Promise<void> {
  const [{ waitProgress }, { recordsOf, waitForGenerations }, { printGenerations }] = await Promise.all([
    import('../../tts/progress.js'),
    import('../../tts/wait.js'),
    import('./shared.js'),
  ]);
  const single = opts.ids.length === 1;
  const progress = await waitProgress(f);
  try {
    const records = await waitForGenerations(
      f,
      opts.ids,
      { intervalMs: intervalMs(f, opts.interval), ...waitTimeout(opts) },
      progress.update,
    );
    progress.stop();
    await printGenerations(f, records, single);
  } catch (err) {
    progress.stop();
    const records = recordsOf(err);
    if (records) await printGenerations(f, records, single);
    throw err;
  }
}
