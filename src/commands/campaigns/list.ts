// campaigns list: GET /v1/campaigns (reference 4.6).
import { defineCommand, type Flags, type Options } from '../define.js';
import { statusFilter, timeFilters } from '../list-filters.js';
import { LIST_FLAGS } from '../list-flags.js';

const flags = {
  status: statusFilter('campaigns', ['DRAFT', 'SCHEDULED', 'RUNNING', 'PAUSED', 'COMPLETED', 'CANCELLED']),
  // The reference does not say the order of campaigns: no early stop.
  ...timeFilters('campaigns created', false),
  ...LIST_FLAGS,
} satisfies Flags;

export type CampaignsListOptions = Options<typeof flags>;

export const listCommand = defineCommand({
  name: 'list',
  summary: "List the organization's campaigns (reference 4.6), newest first in the sandbox.",
  examples: [
    'voicectl campaigns list',
    'voicectl campaigns list --all --json | jq -r \'.[] | select(.status == "RUNNING") | .id\'',
    'voicectl campaigns list --page 2 --limit 50',
    'voicectl campaigns list --status running,scheduled --since 7d',
  ],
  mcp: {
    name: 'campaigns_list',
    description: 'One page of campaigns.',
    load: () => import('./list-run.js'),
  },
  flags,
  load: () => import('./list-run.js'),
});
