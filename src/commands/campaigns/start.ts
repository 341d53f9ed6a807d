// campaigns start: POST /v1/campaigns/{id}/start (reference 4.5).
import * as z from 'zod/mini';
import { defineCommand, type Flags, type Options } from '../define.js';
import { CAMPAIGN_ID_ARGS, PLAN_ID } from './id-arg.js';

const args = CAMPAIGN_ID_ARGS;

const flags = {
  ifNotRunning: {
    flag: '--if-not-running',
    help: 'a campaign already started (running or finished) is not an error: print it and exit 0',
    schema: z._default(z.boolean(), false),
    mcp: false,
  },
} satisfies Flags;

export type StartOptions = Options<typeof flags, typeof args>;

export const startCommand = defineCommand({
  name: 'start',
  summary:
    'Start (or resume) a campaign that is DRAFT, SCHEDULED or PAUSED (reference 4.5). One already started (running or finished) is not started again: exit 8, or 0 with --if-not-running. Any other refusal of the API exits 1.',
  examples: [
    'voicectl campaigns start cmp_0123456789abcdef',
    'voicectl campaigns start cmp_0123456789abcdef --if-not-running   # safe to rerun',
    'id=$(voicectl campaigns create -q --file campaign.json --yes) && voicectl campaigns start "$id"',
  ],
  mcp: {
    name: 'campaigns_start',
    description: 'Start a campaign. Without planId: its plan only; show it, then call again with planId.',
    write: true,
    fields: { planId: PLAN_ID },
    load: () => import('./start-run.js'),
  },
  args,
  flags,
  load: () => import('./start-run.js'),
});
