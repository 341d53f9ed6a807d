// What the tts verbs share and is cheap to load (commander, zod, facts): the flags of waiting and the cost line.
// How a generation prints is in shared.ts, loaded only when a verb runs.
import type { Command } from 'commander';
import { z } from 'zod';
import type { Factory } from '../../factory.js';
import { TTS_POLL } from '../../facts.js';
import { type Duration, durationFlag } from '../../schemas/duration.js';
import { decimal, tokenCost } from '../../schemas/tts.js';

/** --play is always asked for, so it plays on a terminal or not; nothing plays without it. */
export const PLAYERS_HELP = 'with the first player on PATH (ffplay, afplay, paplay, aplay), on a terminal or not';

const DEFAULT_TIMEOUT = `${TTS_POLL.defaultTimeoutSeconds / 60}m`;

/** --timeout is the whole wait wherever a command waits; each request's limit is the global --request-timeout. */
export function addWaitOptions(cmd: Command): Command {
  return cmd
    .option(
      '--interval <seconds>',
      `seconds between polls, ${TTS_POLL.minIntervalSeconds} to ${TTS_POLL.maxIntervalSeconds} (default ${TTS_POLL.defaultIntervalSeconds}; a little jitter is added)`,
    )
    .option(
      '--timeout <duration>',
      `give up waiting after this long: 90, 90s, 10m, 1h (default ${DEFAULT_TIMEOUT}); the whole wait, not each request`,
    );
}

const MAX_WAIT_SECONDS = 7 * 24 * 3600;
const WaitDuration = durationFlag(MAX_WAIT_SECONDS, '7 days');

const intervalRule = `must be a number of seconds from ${TTS_POLL.minIntervalSeconds} to ${TTS_POLL.maxIntervalSeconds} (the reference asks clients to poll every 3 to 5 seconds)`;
export const WaitFlags = z.object({
  /** Absent: the default poll (TTS_POLL), and no warning that it has no effect. */
  interval: decimal(
    z
      .number({ error: intervalRule })
      .min(TTS_POLL.minIntervalSeconds, intervalRule)
      .max(TTS_POLL.maxIntervalSeconds, intervalRule),
  ).optional(),
  /** The whole wait (not each request): how long until it gives up. */
  timeout: WaitDuration.optional(),
});
export type WaitFlags = z.infer<typeof WaitFlags>;

/** --interval and --timeout given to a command that will not wait: said, since they change nothing. */
export function warnUnusedWaitFlags(f: Factory, flags: WaitFlags, waiting: boolean, how: string): void {
  if (waiting) return;
  for (const flag of ['interval', 'timeout'] as const)
    if (flags[flag] !== undefined) f.warn(`warning: --${flag} has no effect without ${how}`);
}

/** The wait's --timeout in milliseconds, and how to say it: as typed, or the default. */
export function waitTimeout(flags: { timeout?: Duration }): { timeoutMs: number; timeoutText?: string } {
  return {
    timeoutMs: (flags.timeout?.seconds ?? TTS_POLL.defaultTimeoutSeconds) * 1000,
    timeoutText: flags.timeout?.text,
  };
}

/** Milliseconds between polls: the flag (or the default), or VOICECTL_POLL_INTERVAL_MS (demos against a local sandbox). */
export function intervalMs(f: Factory, seconds: number = TTS_POLL.defaultIntervalSeconds): number {
  const override = Number(f.env.VOICECTL_POLL_INTERVAL_MS);
  return f.env.VOICECTL_POLL_INTERVAL_MS && Number.isFinite(override) && override >= 0 ? override : seconds * 1000;
}

export function costLine(characters: number): string {
  return `${tokenCost(characters)} tokens for ${characters} character${characters === 1 ? '' : 's'} (10 per 100, rounded up; deducted when processing begins, refunded if it fails)`;
}
