// Sandbox scenarios: what a CI job or a rehearsal sets to make the sandbox's campaigns come out a known way (the mix
// of outcomes, a failure rate, numbers that always answer the same, the calling window on or off, the speed of
// the dialer's clock) and a seed, so that the same scenario replays the same outcomes. Given as a JSON file or
// inline JSON to `voicectl sandbox --scenario`, or in VOICECTL_SANDBOX_SCENARIO for the background sandbox.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import * as z from 'zod/mini';
import { UsageError } from '../errors.js';
import { CALL_OUTCOMES } from '../facts.js';
import { terminalSafe } from '../io/safe.js';
import { type SandboxSettings, SETTINGS_DEFAULTS } from './settings.js';
import '../schemas/locale.js';

export const SCENARIO_ENV = 'VOICECTL_SANDBOX_SCENARIO';

const Outcome = z.enum(CALL_OUTCOMES);

/** Strict: a misspelt key ("failurerate") is an error, not a scenario that silently does nothing. */
export const Scenario = z.strictObject({
  /** Seed of the outcomes (and of the seeded history of a fresh state). */
  seed: z.optional(z.int()),
  /** Relative weights of the outcomes, e.g. {"answered": 1, "no_answer": 1}; absent ones weigh 0. */
  outcomes: z.optional(
    z
      .partialRecord(Outcome, z.number().check(z.minimum(0)))
      .check(
        z.refine((o) => Object.values(o).some((w) => (w ?? 0) > 0), 'needs at least one outcome with a weight above 0'),
      ),
  ),
  /** Share of calls not answered, 0 to 1; the other outcomes share it by their weights. */
  failureRate: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
  /** Every call to this number (E.164) ends with this outcome, whatever the mix. */
  numbers: z.optional(z.record(z.string().check(z.regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 number')), Outcome)),
  /** enforce (default): calls only within the campaign's calling window; ignore: at any time. */
  callingWindow: z.optional(z.enum(['enforce', 'ignore'])),
  /**
   * Simulated seconds per real second of the dialer's clock (default 60); above 60, a generation's queue and
   * processing shorten in proportion.
   */
  speed: z.optional(z.number().check(z.positive(), z.maximum(1_000_000))),
});
export type Scenario = z.infer<typeof Scenario>;

/** The sandbox settings a scenario sets. */
export function scenarioSettings(s: Scenario): Partial<SandboxSettings> {
  const out: Partial<SandboxSettings> = {};
  if (s.seed !== undefined) out.seed = s.seed;
  if (s.outcomes) out.outcomeWeights = s.outcomes;
  if (s.failureRate !== undefined) out.failureRate = s.failureRate;
  if (s.numbers) out.outcomesByNumber = s.numbers;
  if (s.callingWindow) out.callingWindow = s.callingWindow;
  const speed = s.speed;
  if (speed !== undefined) {
    out.timeScale = speed;
    // A faster sandbox finishes generations sooner too, in proportion (a CI job that sets a speed for its campaigns
    // should not wait 3.5 s for each TTS); a slower one never makes them longer than by default.
    const shorter = (ms: number) => Math.round(ms * Math.min(1, SETTINGS_DEFAULTS.timeScale / speed));
    out.ttsQueueMs = shorter(SETTINGS_DEFAULTS.ttsQueueMs);
    out.ttsProcessMs = shorter(SETTINGS_DEFAULTS.ttsProcessMs);
  }
  return out;
}

/** The largest scenario file read: a scenario is a few settings and a table of numbers, far below this. */
const MAX_SCENARIO_BYTES = 1024 * 1024;

/**
 * The text of a scenario file: a regular file only, at most MAX_SCENARIO_BYTES. Opened without waiting (a FIFO with no
 * writer held the command for ever, deaf to Ctrl-C) and read no further than the bound (/dev/zero grew to 16 GB).
 */
function readScenarioFile(path: string, where: string): string {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    if (!st.isFile())
      throw new UsageError(`${where}: the scenario file ${terminalSafe(path)} is not a regular file`, {
        hints: ['Give a JSON file, or inline JSON such as \'{"seed": 7, "failureRate": 0.5}\'.'],
      });
    if (st.size > MAX_SCENARIO_BYTES)
      throw new UsageError(
        `${where}: the scenario file ${terminalSafe(path)} has ${st.size} bytes; a scenario is at most ${MAX_SCENARIO_BYTES} (1 MiB)`,
      );
    const buf = Buffer.alloc(MAX_SCENARIO_BYTES + 1);
    let n = 0;
    for (let r = 1; r > 0 && n < buf.length; n += r) r = readSync(fd, buf, n, buf.length - n, null);
    if (n > MAX_SCENARIO_BYTES)
      throw new UsageError(
        `${where}: the scenario file ${terminalSafe(path)} grew past ${MAX_SCENARIO_BYTES} bytes while read`,
      );
    return buf.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * A scenario from `value`: inline JSON when it starts with `{`, else the path of a JSON file. Anything else is a
 * usage error (exit 2) naming `where` (the flag or the variable), the file and each problem.
 */
export function readScenario(value: string, where: string): Scenario {
  const inline = value.trimStart().startsWith('{');
  let text = value;
  if (!inline) {
    if (value.trim() === '')
      throw new UsageError(`${where} is empty: give a JSON file or inline JSON such as '{"failureRate": 0.5}'`);
    try {
      text = readScenarioFile(value, where);
    } catch (err) {
      if (err instanceof UsageError) throw err;
      throw new UsageError(
        `${where}: cannot read the scenario file ${terminalSafe(value)} (${(err as NodeJS.ErrnoException).code ?? terminalSafe((err as Error).message)})`,
        { hints: ['Give a JSON file, or inline JSON such as \'{"seed": 7, "failureRate": 0.5}\'.'] },
      );
    }
  }
  const what = inline ? where : `${where} (${terminalSafe(value)})`;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${what} is not valid JSON: ${terminalSafe((err as Error).message)}`);
  }
  const parsed = z.safeParse(Scenario, raw, { jitless: true });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => {
    const at = i.path.length ? i.path.map(String).join('.') : 'scenario';
    // zod says "Invalid key in record" of a key that fails its rule: the only keyed record is `numbers`.
    const message = i.code === 'invalid_key' ? 'must be an E.164 number' : i.message;
    return `${terminalSafe(at)}: ${terminalSafe(message)}`;
  });
  throw new UsageError(`${what} is not a valid scenario: ${problems.join('; ')}`, {
    hints: [
      'Keys: seed, outcomes {answered, no_answer, busy, voicemail, failed: weight}, failureRate (0 to 1), numbers {"+39...": outcome}, callingWindow (enforce|ignore), speed. See docs/sandbox.md#scenarios.',
    ],
  });
}

/** The scenario of VOICECTL_SANDBOX_SCENARIO, or undefined when it is unset or empty. */
export function scenarioFromEnv(env: Record<string, string | undefined>): Scenario | undefined {
  const raw = env[SCENARIO_ENV];
  if (raw === undefined || raw === '') return undefined;
  return readScenario(raw, SCENARIO_ENV);
}

/** One line saying what a scenario does, for the banners and `sandbox status`. */
export function describeScenario(s: Scenario | undefined): string {
  if (!s || Object.keys(s).length === 0) return 'default (45% answered; calling window enforced; 60x)';
  const parts: string[] = [];
  if (s.outcomes)
    parts.push(
      `outcomes ${Object.entries(s.outcomes)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  if (s.failureRate !== undefined) parts.push(`${Math.round(s.failureRate * 100)}% not answered`);
  if (s.numbers) parts.push(`${Object.keys(s.numbers).length} number(s) with a fixed outcome`);
  if (s.callingWindow) parts.push(`calling window ${s.callingWindow === 'ignore' ? 'ignored' : 'enforced'}`);
  if (s.speed !== undefined) parts.push(`${s.speed}x`);
  if (s.seed !== undefined) parts.push(`seed ${s.seed}`);
  return parts.join('; ');
}

/** The scenario as JSON with its keys sorted ('' for none): two commands with the same scenario agree on it. */
export function canonicalScenario(s: Scenario | undefined): string {
  if (!s || Object.keys(s).length === 0) return '';
  const sort = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
        )
      : v;
  return JSON.stringify(sort(s));
}
