// campaigns list: GET /v1/campaigns (reference 4.6).
import { defineCommand } from '../define.js';
import { LIST_FLAGS } from '../list-flags.js';

export const listCommand = defineCommand({
  name: 'list',
  summary: "List the organization's campaigns (reference 4.6), newest first in the sandbox.",
  examples: [
    'voicectl campaigns list',
    'voicectl campaigns list --all --json | jq -r \'.[] | select(.status == "RUNNING") | .id\'',
    'voicectl campaigns list --page 2 --limit 50',
  ],
  mcp: {
    name: 'campaigns_list',
    description: 'One page of campaigns.',
    load: () => import('./list-run.js'),
  },
  flags: LIST_FLAGS,
  load: () => import('./list-run.js'),
});
