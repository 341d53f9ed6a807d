// The flags of waiting for campaigns, shared by `campaigns wait` and `campaigns show --watch`: --timeout (the whole
// wait), --exit-status (exit 10 when a campaign finished with contacts not reached), and --interval.
import type { Command } from 'commander';
import { Option } from 'commander';
import * as z from 'zod/mini';
import type { Factory } from '../../factory.js';
import { shellWord } from '../../io/shell.js';
import { decimal } from '../../schemas/common.js';
import { durationFlag } from '../../schemas/duration.js';

const DEFAULT_INTERVAL_S = 5;

export const CampaignWaitFlags = z.object({
  /** The whole wait; absent: no limit (a campaign's calling window may open tomorrow). */
  timeout: z.optional(durationFlag(7 * 24 * 3600, '7 days')),
  exitStatus: z._default(z.boolean(), false),
  /** Seconds between reads. Below 1 only for tests against a sandbox whose clock they drive. */
  interval: z._default(
    decimal(
      z
        .number({ error: 'must be a number of seconds' })
        .check(z.minimum(0.05, 'must be at least 0.05'), z.maximum(3600, 'must be at most 3600')),
    ),
    DEFAULT_INTERVAL_S,
  ),
});
export type CampaignWaitFlags = z.infer<typeof CampaignWaitFlags>;

export function campaignWaitFlags(cmd: Command, opts: { intervalHidden?: boolean } = {}): Command {
  const interval = new Option('--interval <seconds>', `seconds between reads (default ${DEFAULT_INTERVAL_S})`);
  return cmd
    .option('--timeout <duration>', 'give up after this long: 90s, 30m, 2h (exit 6); default: no limit')
    .option('--exit-status', 'exit 10 when a campaign finished with contacts not reached')
    .addOption(opts.intervalHidden ? interval.hideHelp() : interval);
}

/** The flags that change what a resumed wait does, as they were typed: appended to the command that resumes it. */
export function resumeFlags(opts: CampaignWaitFlags): string {
  return `${opts.exitStatus ? ' --exit-status' : ''}${opts.timeout ? ` --timeout ${shellWord(opts.timeout.text)}` : ''}`;
}

export function waitTimeoutOf(opts: CampaignWaitFlags): { timeoutMs?: number; timeoutText?: string } {
  return opts.timeout ? { timeoutMs: opts.timeout.seconds * 1000, timeoutText: opts.timeout.text } : {};
}

/** Milliseconds between reads: the flag, or VOICECTL_POLL_INTERVAL_MS (demos against a local sandbox). */
export function waitIntervalMs(f: Factory, opts: CampaignWaitFlags): number {
  const override = Number(f.env.VOICECTL_POLL_INTERVAL_MS);
  return f.env.VOICECTL_POLL_INTERVAL_MS && Number.isFinite(override) && override >= 0
    ? override
    : opts.interval * 1000;
}
