// The flags of waiting for campaigns, declared once for `campaigns wait` and `campaigns show --watch`: --timeout (the
// whole wait), --exit-status (exit 10 when a campaign finished with contacts not reached), and --interval.
import * as z from 'zod/mini';
import type { Factory } from '../../factory.js';
import { shellWord } from '../../io/shell.js';
import { decimal } from '../../schemas/common.js';
import { type Duration, durationFlag } from '../../schemas/duration.js';
import type { Flag } from '../define.js';

const DEFAULT_INTERVAL_S = 5;

export const CAMPAIGN_WAIT_FLAGS = {
  /** The whole wait; absent: no limit (a campaign's calling window may open tomorrow). */
  timeout: {
    flag: '--timeout <duration>',
    help: 'give up after this long: 90s, 30m, 2h (exit 6); default: no limit',
    schema: z.optional(durationFlag(7 * 24 * 3600, '7 days')),
    mcp: false,
  },
  exitStatus: {
    flag: '--exit-status',
    help: 'exit 10 when a campaign finished with contacts not reached',
    schema: z._default(z.boolean(), false),
    mcp: false,
  },
  /** Seconds between reads. Below 1 only for tests against a sandbox whose clock they drive. */
  interval: {
    flag: '--interval <seconds>',
    help: `seconds between reads (default ${DEFAULT_INTERVAL_S})`,
    schema: z._default(
      decimal(
        z
          .number({ error: 'must be a number of seconds' })
          .check(z.minimum(0.05, 'must be at least 0.05'), z.maximum(3600, 'must be at most 3600')),
      ),
      DEFAULT_INTERVAL_S,
    ),
    mcp: false,
  },
} satisfies Record<string, Flag>;

interface CampaignWaitFlags {
  timeout?: Duration;
  exitStatus: boolean;
  interval: number;
}

/** The flags that change what a resumed wait does, as they were typed: appended to the command that resumes it. */
export function resumeFlags(opts: CampaignWaitFlags): string {
  return `${opts.exitStatus ? ' --exit-status' : ''}${opts.timeout ? ` --timeout ${shellWord(opts.timeout.text)}` : ''}`;
}

export function waitTimeoutOf(opts: Pick<CampaignWaitFlags, 'timeout'>): { timeoutMs?: number; timeoutText?: string } {
  return opts.timeout ? { timeoutMs: opts.timeout.seconds * 1000, timeoutText: opts.timeout.text } : {};
}

/** Milliseconds between reads: the flag, or VOICECTL_POLL_INTERVAL_MS (demos against a local sandbox). */
export function waitIntervalMs(f: Factory, opts: Pick<CampaignWaitFlags, 'interval'>): number {
  const override = Number(f.env.VOICECTL_POLL_INTERVAL_MS);
  return f.env.VOICECTL_POLL_INTERVAL_MS && Number.isFinite(override) && override >= 0
    ? override
    : opts.interval * 1000;
}
