// The flags of waiting (--interval, --timeout), declared once for every tts verb that waits. --timeout is the whole
// wait wherever a command waits; each request's limit is the global --request-timeout.
import * as z from 'zod/mini';
import { TTS_POLL } from '../../facts.js';
import { durationFlag } from '../../schemas/duration.js';
import { decimal } from '../../schemas/tts.js';
import type { Flag } from '../define.js';

const MAX_WAIT_SECONDS = 7 * 24 * 3600;
const WaitDuration = durationFlag(MAX_WAIT_SECONDS, '7 days');
const DEFAULT_TIMEOUT = `${TTS_POLL.defaultTimeoutSeconds / 60}m`;

const intervalRule = `must be a number of seconds from ${TTS_POLL.minIntervalSeconds} to ${TTS_POLL.maxIntervalSeconds} (the reference asks clients to poll every 3 to 5 seconds)`;

export const WAIT_FLAGS = {
  /** Absent: the default poll (TTS_POLL), and no warning that it has no effect. */
  interval: {
    flag: '--interval <seconds>',
    help: `seconds between polls, ${TTS_POLL.minIntervalSeconds} to ${TTS_POLL.maxIntervalSeconds} (default ${TTS_POLL.defaultIntervalSeconds}; a little jitter is added)`,
    schema: z.optional(
      decimal(
        z
          .number({ error: intervalRule })
          .check(
            z.minimum(TTS_POLL.minIntervalSeconds, intervalRule),
            z.maximum(TTS_POLL.maxIntervalSeconds, intervalRule),
          ),
      ),
    ),
    mcp: false,
  },
  /** The whole wait (not each request): how long until it gives up. */
  timeout: {
    flag: '--timeout <duration>',
    help: `give up waiting after this long: 90, 90s, 10m, 1h (default ${DEFAULT_TIMEOUT}); the whole wait, not each request`,
    schema: z.optional(WaitDuration),
    mcp: false,
  },
} satisfies Record<string, Flag>;

export const WaitFlags = z.object({ interval: WAIT_FLAGS.interval.schema, timeout: WAIT_FLAGS.timeout.schema });
export type WaitFlags = z.infer<typeof WaitFlags>;

/** A generation's id as a command takes it. */
export const GenerationId = z.string().check(z.trim(), z.minLength(1, 'must not be empty'));
