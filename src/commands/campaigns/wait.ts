// campaigns wait: reads each campaign until it finishes (it no longer changes by itself), for scripts and CI jobs:
// --timeout ends the wait (exit 6, with the command that resumes it) and --exit-status makes a campaign that
// finished with contacts not reached exit 10.
import * as z from 'zod/mini';
import { type Args, defineCommand, type Flags, type Options, type ToolInput } from '../define.js';
import { TIMEOUT_SECONDS } from '../wait-field.js';
import { CAMPAIGN_WAIT_FLAGS } from './wait-flags.js';

const args = {
  ids: {
    name: '<id...>',
    help: 'campaign IDs',
    schema: z
      .array(z.string().check(z.trim(), z.minLength(1, 'must not be empty')))
      .check(z.minLength(1, 'needs at least one campaign ID')),
    mcp: {
      schema: z
        .array(z.string().check(z.trim(), z.minLength(1, 'must not be empty')), {
          error: 'must be a list of campaign IDs',
        })
        .check(z.minLength(1, 'must name at least one campaign'), z.maxLength(10, 'must name at most 10 campaigns')),
      description: 'Campaign IDs, 1 to 10',
    },
  },
} satisfies Args;

const flags = {
  ...CAMPAIGN_WAIT_FLAGS,
  timeout: { ...CAMPAIGN_WAIT_FLAGS.timeout, mcp: TIMEOUT_SECONDS },
} satisfies Flags;

export type WaitOptions = Options<typeof flags, typeof args>;
export type WaitInput = ToolInput<typeof flags, typeof args>;

export const waitCommand = defineCommand({
  name: 'wait',
  summary: 'Wait until each campaign finishes: reads it every 5 seconds while it is RUNNING or SCHEDULED.',
  description:
    'On a terminal one line per change goes to stderr and a table of the final state to stdout. Piped (without -o/--json), one JSON line per change: {id, name, status, counters, notReached, completedAt}, the last line of each campaign final; --json prints the final state once. A campaign that was never started (DRAFT, PAUSED) stops the wait (exit 1). Exit 0 all finished · 6 --timeout passed (with the command that waits again) · 10 with --exit-status, a campaign finished with contacts not reached · 4 not found · 130 Ctrl-C.',
  examples: [
    'voicectl campaigns wait cmp_0123456789abcdef',
    'voicectl campaigns wait cmp_0123456789abcdef --exit-status --timeout 30m',
    "voicectl campaigns wait cmp_aaa cmp_bbb | jq -c '[.id, .status, .counters.completed]'",
  ],
  mcp: {
    name: 'campaigns_wait',
    description: 'Wait up to timeoutSeconds for campaigns to finish; pending: call again.',
    load: () => import('./wait-run.js'),
  },
  args,
  flags,
  load: () => import('./wait-run.js'),
});
