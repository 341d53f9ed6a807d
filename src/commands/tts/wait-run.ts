// tts wait: what it runs (the declaration is wait.ts).
import type { Factory } from '../../factory.js';
import { waitProgress } from '../../tts/progress.js';
import { recordsOf, waitForGenerations } from '../../tts/wait.js';
import { intervalMs, waitTimeout } from './common.js';
import { printGenerations } from './shared.js';
import type { WaitOptions } from './wait.js';

export async function run(f: Factory, opts: WaitOptions): Promise<void> {
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
