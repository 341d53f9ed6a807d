// tts wait: polls GET /v1/tts/{id} for each id until all are completed or failed (reference 4.2, 8).
import * as z from 'zod';
import type { Factory } from '../../factory.js';
import { parseOptions } from '../../options.js';
import { waitProgress } from '../../tts/progress.js';
import { recordsOf, waitForGenerations } from '../../tts/wait.js';
import { intervalMs, printGenerations, WaitFlags, waitTimeout } from './shared.js';

const Ids = z.array(z.string().trim().min(1, 'must not be empty')).min(1, 'needs at least one generation ID');

export async function waitRun(f: Factory, rawIds: string[], raw: Record<string, unknown>): Promise<void> {
  const ids = parseOptions(Ids, rawIds, { '': '<id...>', '0': '<id...>' });
  const flags = parseOptions(WaitFlags, raw);
  const single = ids.length === 1;
  const progress = await waitProgress(f);
  try {
    const records = await waitForGenerations(
      f,
      ids,
      {
        intervalMs: intervalMs(f, flags.interval),
        ...waitTimeout(flags),
      },
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
