// tts wait: what it runs (the declaration is wait.ts).
import { JobFailedError, WaitTimeoutError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { TTS_POLL } from '../../facts.js';
import type { TtsGeneration } from '../../schemas/tts.js';
import { explained } from '../../tts/failures.js';
import { waitProgress } from '../../tts/progress.js';
import { recordsOf, waitForGenerations } from '../../tts/wait.js';
import { intervalMs, waitTimeout } from './common.js';
import { printGenerations } from './shared.js';
import { type AgentContext, cutTexts } from '../agent.js';
import type { WaitInput, WaitOptions } from './wait.js';

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

/** For an agent: a wait that ran out, or a generation that failed, is an answer (with the pending ids), not an error. */
export async function act(ctx: AgentContext, { ids, timeoutSeconds }: WaitInput) {
  let records: TtsGeneration[];
  let pending: string[] = [];
  try {
    records = await waitForGenerations(ctx.f, ids, {
      intervalMs: intervalMs(ctx.f, TTS_POLL.defaultIntervalSeconds),
      timeoutMs: timeoutSeconds * 1000,
    });
  } catch (err) {
    if (!(err instanceof WaitTimeoutError || err instanceof JobFailedError)) throw err;
    records = recordsOf(err) ?? [];
    pending = (err as { pending?: string[] }).pending ?? [];
  }
  // Up to 50 generations: their texts cut (tts_get has one whole).
  return { done: pending.length === 0, pending, records: records.map((r) => cutTexts(explained(r), ['text'])) };
}
