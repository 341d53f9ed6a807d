// Durations as typed on a command line, for every flag that takes one (--timeout, --request-timeout): plain
// seconds (`90`, `0.5`) or with units (`90s`, `10m`, `1h`, `1h30m`). The text is kept, so that messages say
// the duration the way the user wrote it ("gave up after 0.5s", not "after 0s").
import * as z from 'zod/mini';
import { reject } from './common.js';

export interface Duration {
  seconds: number;
  /** As typed, with "s" added to a plain number: `90` is "90s", `0.5s` stays "0.5s". */
  text: string;
}

const NUMBER = String.raw`\d+(?:\.\d+)?|\.\d+`;
const PLAIN = new RegExp(`^(?:${NUMBER})$`);
const UNITS = new RegExp(`^(?:(${NUMBER})h)?(?:(${NUMBER})m)?(?:(${NUMBER})s)?$`);

/** "600", "90s", "10m", "1h30m", "0.5s" → seconds; undefined when it is not a duration. */
function parseDuration(text: string): number | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (PLAIN.test(t)) return Number(t);
  const m = UNITS.exec(t);
  if (!m) return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

/** A duration flag: more than 0 and at most `max` seconds (`maxText` says it in the rule). */
export function durationFlag(max: number, maxText: string) {
  const rule = `must be a duration such as 90, 90s, 10m or 1h (more than 0, at most ${maxText})`;
  return z.pipe(
    z.string(),
    z.transform((typed: string, ctx): Duration => {
      const seconds = parseDuration(typed);
      if (seconds === undefined || !(seconds > 0) || seconds > max) return reject(ctx, rule);
      const t = typed.trim();
      return { seconds, text: PLAIN.test(t) ? `${t}s` : t };
    }),
  );
}
