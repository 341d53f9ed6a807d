// campaigns show: GET /v1/campaigns/{id} (reference 4.7), once or --watch.
import * as z from 'zod/mini';
import { defineCommand, type Flags, type Options } from '../define.js';
import { CAMPAIGN_ID_ARGS } from './id-arg.js';
import { CAMPAIGN_WAIT_FLAGS } from './wait-flags.js';

const args = CAMPAIGN_ID_ARGS;

const flags = {
  watch: {
    flag: '-w, --watch',
    help: 'refresh the progress until the campaign stops changing',
    schema: z._default(z.boolean(), false),
    mcp: false,
  },
  timeout: { ...CAMPAIGN_WAIT_FLAGS.timeout, help: 'with --watch: give up after this long: 90s, 30m, 2h (exit 6)' },
  exitStatus: {
    ...CAMPAIGN_WAIT_FLAGS.exitStatus,
    help: 'with --watch: exit 10 when the campaign finished with contacts not reached',
  },
  /** Seconds between refreshes of --watch. */
  interval: { ...CAMPAIGN_WAIT_FLAGS.interval, help: 'seconds between refreshes of --watch', hidden: true },
} satisfies Flags;

export type ShowOptions = Options<typeof flags, typeof args>;

export const showCommand = defineCommand({
  name: 'show',
  summary: 'Show a campaign (reference 4.7): its settings, progress counters, caller IDs per attempt and contacts.',
  description:
    '--watch checks every 5 seconds while the campaign is RUNNING or SCHEDULED and stops when it no longer changes by itself (or on Ctrl-C). On a terminal the whole view is redrawn in place at each check, with the time it looked, fitted to the terminal: the summary, then as many contacts as fit (those in a call and not reached first) and how many more. Piped (or --json) it prints one document, the final record; -o ndjson prints one line per change, the last one final. --timeout ends the watch (exit 6, with the command that watches again); --exit-status exits 10 when the campaign finished with contacts not reached (as campaigns wait).',
  examples: [
    'voicectl campaigns show cmp_0123456789abcdef',
    'voicectl campaigns show cmp_0123456789abcdef --watch',
    'voicectl campaigns show cmp_0123456789abcdef --watch --exit-status --timeout 30m',
    'voicectl campaigns show cmp_0123456789abcdef --json | jq .counters',
    "voicectl campaigns show cmp_0123456789abcdef --watch -o ndjson | jq -c '[.status, .counters]'",
  ],
  mcp: {
    name: 'campaigns_show',
    description: 'One campaign: settings, status, counters.',
    load: () => import('./show-run.js'),
  },
  args,
  flags,
  load: () => import('./show-run.js'),
});
