// calls list: GET /v1/calls. The reference shows this endpoint only as an example of pagination (4.10):
// neither its filters nor its record fields are documented. Records are shown as they come back
// (inferColumns on a terminal, untouched JSON otherwise); filters are sent as query parameters, unverified.
import * as z from 'zod/mini';
import { defineCommand, type Flags, type Options } from '../define.js';
import { CALL_OUTCOMES } from '../../facts.js';
import { fieldFilter, statusFilter, timeFilters } from '../list-filters.js';
import { LIST_FLAGS } from '../list-flags.js';

const flags = {
  /** Sent as the query parameter campaignId; the reference does not document it. */
  campaign: {
    flag: '--campaign <id>',
    help: 'only calls of this campaign; sent as the query parameter campaignId, which the API does not document (unverified)',
    schema: z.optional(z.string().check(z.trim(), z.minLength(1, 'must not be empty'))),
    mcp: { key: 'campaignId' as const, description: 'Only calls of this campaign' },
  },
  status: statusFilter('calls', CALL_OUTCOMES),
  to: fieldFilter('--to <number>', 'only calls to this number'),
  ...timeFilters('calls', true),
  ...LIST_FLAGS,
} satisfies Flags;

export type CallsListOptions = Options<typeof flags>;

export const listCommand = defineCommand({
  name: 'list',
  summary: 'List call records, newest first (GET /v1/calls).',
  description:
    'The API does not document the fields of a call: the table shows the ones that come back, what happened first (id, status, the number dialled, the caller ID, the attempt, the start), and JSON passes them through untouched. --status, --to, --since and --until are applied while walking the pages (every page, as --all); calls come newest first, so the walk stops at the first call older than --since.',
  examples: [
    'voicectl calls list',
    'voicectl calls list --campaign cmp_123 --all -o ndjson',
    'voicectl calls list --status failed,busy,no_answer --since 24h --excel > not-reached.csv',
    "voicectl calls list --all --json | jq 'group_by(.status) | map({status: .[0].status, n: length})'",
  ],
  mcp: {
    name: 'calls_list',
    description: 'One page of calls, newest first.',
    load: () => import('./list-run.js'),
  },
  flags,
  load: () => import('./list-run.js'),
});
