// What a person at a terminal sees while generations are waited for: an ora spinner on stderr with each
// id's status and the elapsed time (a summary line when there are many). Nothing when not animating.
import type { Factory } from '../factory.js';
import { duration } from '../io/format.js';
import { terminalSafe } from '../io/safe.js';
import type { WaitState } from './wait.js';

const DETAIL_UP_TO = 8;

export interface WaitProgress {
  update(states: Map<string, WaitState>, elapsedMs: number): void;
  stop(): void;
}

export async function waitProgress(f: Factory, label = 'Waiting for'): Promise<WaitProgress> {
  if (!f.io.canAnimate()) return { update() {}, stop() {} };
  const { default: ora } = await import('ora');
  const spinner = ora({
    stream: f.io.err,
    isEnabled: true,
    discardStdin: false,
    text: `${label} generations…`,
  }).start();
  let last: { states: Map<string, WaitState>; at: number; elapsed: number } | undefined;
  const render = () => {
    if (!last) return;
    // Ids and statuses come from the service: shown safe, never interpreted (src/io/safe.ts).
    const safe = (v: unknown) => terminalSafe(String(v));
    const elapsed = duration(last.elapsed + (f.clock.monotonic() - last.at));
    const entries = [...last.states];
    if (entries.length <= DETAIL_UP_TO) {
      spinner.text = entries
        .map(
          ([id, s], i) =>
            `${i === 0 ? '' : '  '}${safe(id)}  ${safe(s.record?.status ?? 'checking')}${s.trouble ? ` (retrying: ${safe(f.log.redact(s.trouble))})` : ''}  ${elapsed}`,
        )
        .join('\n');
    } else {
      const counts = new Map<string, number>();
      for (const [, s] of entries)
        counts.set(s.record?.status ?? 'checking', (counts.get(s.record?.status ?? 'checking') ?? 0) + 1);
      spinner.text = `${label} ${entries.length} generations: ${[...counts].map(([k, n]) => `${n} ${safe(k)}`).join(' · ')}  ${elapsed}`;
    }
  };
  const tick = setInterval(render, 1000);
  tick.unref();
  return {
    update(states, elapsedMs) {
      last = { states, at: f.clock.monotonic(), elapsed: elapsedMs };
      render();
    },
    stop() {
      clearInterval(tick);
      spinner.stop();
    },
  };
}
