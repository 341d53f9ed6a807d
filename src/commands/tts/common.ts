// What the tts verbs share when they run: the flags of waiting applied, and the cost line. The flags themselves are
// declared in wait-flags.ts, how a generation prints in shared.ts.
import type { Factory } from '../../factory.js';
import { TOKENS_PER_100_CHARACTERS, TTS_POLL, tokenCost } from '../../facts.js';
import { plural } from '../../io/format.js';
import type { Duration } from '../../schemas/duration.js';
import type { WaitFlags } from './wait-flags.js';

/** --play is always asked for, so it plays on a terminal or not; nothing plays without it. */
export const PLAYERS_HELP = 'with the first player on PATH (ffplay, afplay, paplay, aplay), on a terminal or not';

/** --interval and --timeout given to a command that will not wait: said, since they change nothing. */
export function warnUnusedWaitFlags(f: Factory, flags: WaitFlags, waiting: boolean, how: string): void {
  if (waiting) return;
  for (const flag of ['interval', 'timeout'] as const)
    if (flags[flag] !== undefined) f.log.warn(`warning: --${flag} has no effect without ${how}`);
}

/** The wait's --timeout in milliseconds, and how to say it: as typed, or the default. */
export function waitTimeout(flags: { timeout?: Pick<Duration, 'seconds'> & { text?: string } }): {
  timeoutMs: number;
  timeoutText?: string;
} {
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
  return `${tokenCost(characters)} tokens for ${plural(characters, 'character', { count: 'plain' })} (${TOKENS_PER_100_CHARACTERS} per 100, rounded up; deducted when processing begins, refunded if it fails)`;
}
