// The rules of the flags of waiting (--interval, --timeout), loaded when a tts verb runs (common.ts adds the flags).
import * as z from 'zod/mini';
import { TTS_POLL } from '../../facts.js';
import { durationFlag } from '../../schemas/duration.js';
import { decimal } from '../../schemas/tts.js';

const MAX_WAIT_SECONDS = 7 * 24 * 3600;
const WaitDuration = durationFlag(MAX_WAIT_SECONDS, '7 days');

const intervalRule = `must be a number of seconds from ${TTS_POLL.minIntervalSeconds} to ${TTS_POLL.maxIntervalSeconds} (the reference asks clients to poll every 3 to 5 seconds)`;
export const WaitFlags = z.object({
  /** Absent: the default poll (TTS_POLL), and no warning that it has no effect. */
  interval: z.optional(
    decimal(
      z
        .number({ error: intervalRule })
        .check(
          z.minimum(TTS_POLL.minIntervalSeconds, intervalRule),
          z.maximum(TTS_POLL.maxIntervalSeconds, intervalRule),
        ),
    ),
  ),
  /** The whole wait (not each request): how long until it gives up. */
  timeout: z.optional(WaitDuration),
});
export type WaitFlags = z.infer<typeof WaitFlags>;
