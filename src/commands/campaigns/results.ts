// campaigns results <id>: who was reached. One row per contact from the campaign detail and the calls list, in every
// format (CSV for the CRM round trip), and --as-contacts FILE: the contacts of the rows selected by --status, as
// `campaigns create --contacts` takes them, for a follow-up campaign.
import * as z from 'zod/mini';
import { RESULTS_PAGE } from '../../campaigns/results.js';
import { defineCommand, described, type Flags, type Options, type ToolInput } from '../define.js';
import { CAMPAIGN_ID_ARGS } from './id-arg.js';

const RESULTS = [
  'answered',
  'no_answer',
  'busy',
  'voicemail',
  'failed',
  'pending',
  'calling',
  'reached',
  'not_reached',
];

const args = CAMPAIGN_ID_ARGS;

const flags = {
  status: {
    flag: '--status <list>',
    help: `only these results, comma-separated: ${RESULTS.join(', ')}`,
    complete: RESULTS,
    schema: z.optional(
      z.pipe(
        z.string(),
        z.transform((s: string) =>
          s
            .split(',')
            .map((x) => x.trim().toLowerCase())
            .filter(Boolean),
        ),
      ),
    ),
    mcp: { description: 'Only these, comma-separated: not_reached, answered, ...' },
  },
  asContacts: {
    flag: '--as-contacts <file>',
    help: 'write the contacts of the rows shown to this file (.csv: CSV, else JSON; - for stdout)',
    complete: 'files',
    schema: z.optional(z.string().check(z.trim(), z.minLength(1, 'must not be empty'))),
  },
  force: {
    flag: '--force',
    help: 'replace the --as-contacts file if it exists',
    schema: z._default(z.boolean(), false),
  },
} satisfies Flags;

export type ResultsOptions = Options<typeof flags, typeof args>;

const TOOL_FIELDS = {
  page: described(
    z._default(z.int({ error: 'must be a whole number' }).check(z.minimum(1, 'must be 1 or more')), 1),
    `From 1; ${RESULTS_PAGE} contacts each`,
  ),
  followUp: described(
    z._default(z.boolean({ error: 'must be true or false' }), false),
    'Rows as contacts for campaigns_create',
  ),
};
export type ResultsInput = ToolInput<typeof flags, typeof args, typeof TOOL_FIELDS>;

export const resultsCommand = defineCommand({
  name: 'results',
  summary: 'One row per contact of a campaign: who was reached, after how many calls, on which numbers.',
  description:
    "RESULT is answered, or the last call's outcome once out of attempts (no_answer, busy, voicemail, failed); pending or calling before. From the campaign detail and the calls list (GET /v1/calls?campaignId=, not documented by the API): a column the service gives nothing for is '-' (null in JSON), and stderr names it. -o csv puts the contact's own columns first (as a contacts CSV), then result.*; -q prints the numbers. --status keeps some rows; --as-contacts FILE writes their contacts (JSON, or CSV for a .csv name) for `campaigns create --contacts`, alternatives and free fields kept.",
  examples: [
    'voicectl campaigns results cmp_0123456789abcdef',
    'voicectl campaigns results cmp_0123456789abcdef -o csv > results.csv',
    'voicectl campaigns results cmp_0123456789abcdef --status no_answer,failed --as-contacts follow-up.json',
    'voicectl campaigns create --name "Follow-up" --agent agent_sales --from +390212345678 --contacts follow-up.json',
  ],
  mcp: {
    name: 'campaigns_results',
    description: 'Per-contact results, paged; followUp: contacts to call again.',
    fields: TOOL_FIELDS,
    load: () => import('./results-run.js'),
  },
  args,
  flags,
  load: () => import('./results-run.js'),
});
