// What a person at a terminal sees while generations are waited for: a spinner on stderr (io/spinner.ts) with each
// id's status and the elapsed time (a summary line when there are many). Nothing when not animating.
import type { Factory } from '../factory.js';
import { duration } from '../io/format.js';
import { terminalSafe } from '../io/safe.js';
import { liveSpinner } from '../io/spinner.js';
import type { WaitState } from './wait.js';

const DETAIL_UP_TO = 8;

export interface WaitProgress {
  update(states: Map<string, WaitState>, elapsedMs: number): void;
  stop(): void;
}

export async function waitProgress(f: Factory, label = 'Waiting for'): Promise<WaitProgress> {
  if (!f.io.canAnimate()) return { update() {}, stop() {} };
  let last: { states: Map<string, WaitState>; at: number; elapsed: number } | undefined;
  const text = () => {
    if (!last) return `${label} generations…`;
    // Ids and statuses come from the service: shown safe, never interpreted (src/io/safe.ts).
    const safe = (v: unknown) => terminalSafe(String(v));
    const elapsed = duration(last.elapsed + (f.clock.monotonic() - last.at));
    const entries = [...last.states];
    if (entries.length <= DETAIL_UP_TO) {
      return entries
        .map(
          ([id, s], i) =>
            `${i === 0 ? '' : '  '}${safe(id)}  ${safe(s.record?.status ?? 'checking')}${s.trouble ? ` (retrying: ${safe(f.log.redact(s.trouble))})` : ''}  ${elapsed}`,
        )
        .join('\n');
    } else {
      const counts = new Map<string, number>();
      for (const [, s] of entries)
        counts.set(s.record?.status ?? 'checking', (counts.get(s.record?.status ?? 'checking') ?? 0) + 1);
      return `${label} ${entries.length} generations: ${[...counts].map(([k, n]) => `${n} ${safe(k)}`).join(' · ')}  ${elapsed}`;
    }
  };
  const spinner = await liveSpinner(f.io.err, text, 1000);
  return {
    update(states, elapsedMs) {
      last = { states, at: f.clock.monotonic(), elapsed: elapsedMs };
      spinner.redraw();
    },
    stop: spinner.stop,
  };
}
