// calls list: GET /v1/calls. The reference shows this endpoint only as an example of pagination (4.10):
// neither its filters nor its record fields are documented. Records are shown as they come back
// (inferColumns on a terminal, untouched JSON otherwise); filters are sent as query parameters, unverified.
import * as z from 'zod/mini';
import { defineCommand, type Flags, type Options } from '../define.js';
import { LIST_FLAGS } from '../list-flags.js';

const flags = {
  /** Sent as the query parameter campaignId; the reference does not document it. */
  campaign: {
    flag: '--campaign <id>',
    help: 'only calls of this campaign; sent as the query parameter campaignId, which the API does not document (unverified)',
    schema: z.optional(z.string().check(z.trim(), z.minLength(1, 'must not be empty'))),
  },
  ...LIST_FLAGS,
} satisfies Flags;

export type CallsListOptions = Options<typeof flags>;

// Not an MCP tool: campaigns_results gives an agent the calls of a campaign joined to its contacts, and the tool
// list is read in every conversation.
export const listCommand = defineCommand({
  name: 'list',
  summary: 'List call records, newest first (GET /v1/calls).',
  description:
    'The API does not document the fields of a call: the table shows the ones that come back, what happened first (id, status, the number dialled, the caller ID, the attempt, the start), and JSON passes them through untouched.',
  examples: [
    'voicectl calls list',
    'voicectl calls list --campaign cmp_123 --all -o ndjson',
    "voicectl calls list --all --json | jq 'group_by(.status) | map({status: .[0].status, n: length})'",
  ],

  flags,
  load: () => import('./list-run.js'),
});
