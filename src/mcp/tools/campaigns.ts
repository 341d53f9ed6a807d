// The campaign tools (reference 2.3, 3.2, 4.4-4.7) and the contacts converter: campaigns are created and started
// only with the id of the plan the agent was shown.
import * as z from 'zod/mini';
import { path as apiPath } from '../../api/client.js';
import { validateBody } from '../../campaigns/body.js';
import { attemptsPerContact, planCampaign } from '../../campaigns/plan.js';
import { planJson, summaryLines } from '../../commands/campaigns/summary.js';
import { toolShape } from '../../commands/define.js';
import { listCommand as campaignsListCommand } from '../../commands/campaigns/list.js';
import { showCommand } from '../../commands/campaigns/show.js';
import { startCommand } from '../../commands/campaigns/start.js';
import { convertCommand } from '../../commands/contacts/convert.js';
import { ContactsCsvShape } from '../../contacts/flags.js';
import { UsageError } from '../../errors.js';
import {
  CAMPAIGN_DEFAULTS,
  Campaign,
  CampaignCreate,
  MAX_RETRIES,
  MIN_RETRY_DELAY_MINUTES,
} from '../../schemas/campaigns.js';
import { envelope } from '../../schemas/common.js';
import { Contact } from '../../schemas/contacts.js';
import {
  described,
  insideDir,
  openInside,
  openInsideDir,
  writeTargetInsideDir,
  listPage,
  type Rec,
  tool,
  type Tool,
  type ToolContext,
  UNTRUSTED,
} from '../tool.js';

/** What each field of the create body means (reference 4.4), for the agent reading the tool's schema. */
const CAMPAIGN_FIELDS: Record<keyof typeof CampaignCreate.shape, string> = {
  name: 'Campaign name',
  agentId: 'ID of the AI agent that makes the calls',
  fromNumber: "Main caller ID, E.164 (such as +390212345678), one of the organization's numbers",
  contacts: '',
  description: 'Free description',
  fromNumberAttempts: 'Caller ID per attempt, E.164; used when maxRetries > 0',
  fromNumberStrategy:
    'When attempts outnumber fromNumberAttempts: rolling cycles through the list, clamp repeats the last, custom falls back to fromNumber',
  contactAttemptStrategy:
    "When attempts outnumber a contact's contact_attempts: rolling cycles, clamp repeats the last, custom goes back to phone_number",
  variableMapping: 'Agent prompt variable name -> contact field name',
  maxRetries: `Retries per contact, 0 to ${MAX_RETRIES}; default ${CAMPAIGN_DEFAULTS.maxRetries}. Attempts per contact = 1 + maxRetries`,
  retryDelayMinutes: `Minutes between attempts, at least ${MIN_RETRY_DELAY_MINUTES} when maxRetries > 0; default ${CAMPAIGN_DEFAULTS.retryDelayMinutes}`,
  callingDays: 'Weekdays when calls are allowed, 0 = Sunday to 6 = Saturday',
  callingStartTime: 'Start of the calling window, HH:MM',
  callingEndTime: 'End of the calling window, HH:MM',
  timezone: `IANA time zone of the days and window; default ${CAMPAIGN_DEFAULTS.timezone}`,
  maxConcurrency: 'Most simultaneous calls',
  keepFreeForInbound: `Lines kept free for inbound calls, less than maxConcurrency; default ${CAMPAIGN_DEFAULTS.keepFreeForInbound}`,
  scheduledAt: 'ISO 8601 date-time with a time zone: the campaign is SCHEDULED and starts then',
  startImmediately: 'true: start calling as soon as it is created (not with scheduledAt)',
};

const CampaignArgs = z.object({
  ...(Object.fromEntries(
    Object.entries(CampaignCreate.shape).map(([k, v]) => [
      k,
      described(v, CAMPAIGN_FIELDS[k as keyof typeof CAMPAIGN_FIELDS]),
    ]),
  ) as typeof CampaignCreate.shape),
  contacts: described(
    z.optional(CampaignCreate.shape.contacts),
    'Contacts (reference 2.3): phone_number (E.164) called at attempt 1, optional contact_attempts [{phone_number, ...overrides}] for attempts 2 and later, other fields free (for variableMapping). Give this or contactsFile.',
  ),
  contactsFile: described(
    z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
    'A CSV, JSON or NDJSON file of contacts inside the server folder (--dir), converted as contacts_convert does. Give this or contacts.',
  ),
  ...ContactsCsvShape,
  planRows: described(
    z._default(
      z
        .number()
        .check(
          z.int('must be a whole number'),
          z.minimum(1, 'must be 1 or more'),
          z.maximum(100, 'must be at most 100'),
        ),
      5,
    ),
    'Contacts shown in the attempt plan, 1 to 100; default 5',
  ),
  planId: described(
    z.optional(z.string()),
    'Leave out first: the result is the summary and attempt plan, and nothing is sent. After showing the plan to the user, call again with the same arguments and its planId to create the campaign.',
  ),
});
const BODY_FIELDS = Object.keys(CampaignCreate.shape);

/** The body from the fields the client sent (not the defaults the schema fills in: the API applies its own). */
async function campaignBody(ctx: ToolContext, args: z.infer<typeof CampaignArgs>, sent: Rec) {
  const raw: Rec = {};
  for (const k of BODY_FIELDS) if (sent[k] !== undefined) raw[k] = sent[k];
  if (args.contactsFile !== undefined) {
    if (args.contacts !== undefined)
      throw new UsageError('contacts and contactsFile cannot be combined: give the contacts one way');
    const { loadContacts } = await import('../../contacts/load.js');
    const { path, handle } = await openInsideDir(ctx.dir, args.contactsFile, 'contactsFile');
    try {
      raw.contacts = await loadContacts(path, {
        ...args,
        handle,
        stdin: ctx.f.io.in,
        trackTemp: ctx.f.cleanup.trackTemp,
        signal: ctx.f.signal,
        warn: ctx.f.warn,
      });
    } finally {
      await handle.close();
    }
  }
  return validateBody(raw, { file: 'the arguments', now: ctx.f.clock.now() });
}

export const CAMPAIGN_TOOLS: Tool[] = [
  tool({
    name: 'contacts_convert',
    title: 'Convert a CSV of contacts',
    description: `Turn a spreadsheet export (CSV inside the server folder) into the contacts of a campaign (reference 2.3): numbers to E.164 (numbers without + need defaultCountry), alternatives from contact_attempts.N.phone_number columns or attemptColumns, other columns free fields. Every row is checked: on any error nothing is written and the error lists the rows (or, with skipInvalid, the valid ones are written and the rest reported). Writes a JSON array to output (never replacing a file) and returns the path and the report. ${UNTRUSTED}`,
    input: z.object(toolShape(convertCommand)),
    async run(ctx, args) {
      const [{ loadContacts }, { StagedFile, ContactWriter, checkDestination }] = await Promise.all([
        import('../../contacts/load.js'),
        import('../../contacts/output.js'),
      ]);
      const input = await insideDir(ctx.dir, args.file, 'file'); // checked first: its error before the output's
      const dest = await writeTargetInsideDir(
        ctx.dir,
        args.output ?? `${args.file.replace(/\.(csv|tsv|txt)$/i, '')}.contacts.json`,
        'output',
      );
      await checkDestination('output', dest, false);
      let report: Rec = {};
      const { path: source, handle } = await openInside(input);
      const contacts = await loadContacts(source, {
        ...args,
        handle,
        stdin: ctx.f.io.in,
        trackTemp: ctx.f.cleanup.trackTemp,
        signal: ctx.f.signal,
        warn: ctx.f.warn,
        skipInvalid: args.skipInvalid,
        onSummary: ({ rows, contacts: n, errors, duplicates, columns }) => {
          report = {
            rows,
            contacts: n,
            invalidRows: errors.rows,
            errors: errors.lines(),
            droppedDuplicates: duplicates,
            // What each phone column's evidence decided: numbers read by its convention, retired prefixes.
            readings: columns,
          };
        },
      }).finally(() => handle.close());
      const staged = await StagedFile.create(dest);
      try {
        const writer = new ContactWriter(staged, false);
        for (const c of contacts) await writer.write(c);
        writer.end();
        await staged.commit();
      } finally {
        await staged.discard();
      }
      return { output: dest, ...report, contacts: contacts.length };
    },
  }),
  tool({
    name: 'campaigns_create',
    title: 'Create a call campaign (shows the plan first)',
    description: `Create an outbound call campaign (POST /v1/campaigns, reference 4.4). Two steps: called without planId it checks everything, sends nothing, and returns the summary, the attempt plan (which number each attempt dials, with which caller ID) and a planId; show them to the user, then call again with the same arguments and that planId to create it. Rules: fromNumber and every number E.164; maxRetries 0 to ${MAX_RETRIES} (default ${CAMPAIGN_DEFAULTS.maxRetries}; attempts per contact = 1 + maxRetries); retryDelayMinutes at least ${MIN_RETRY_DELAY_MINUTES} when retrying (default ${CAMPAIGN_DEFAULTS.retryDelayMinutes}); callingDays 0 (Sunday) to 6; callingStartTime/EndTime HH:MM; timezone IANA (default ${CAMPAIGN_DEFAULTS.timezone}); startImmediately calls at once (not with scheduledAt). ${UNTRUSTED}`,
    input: CampaignArgs,
    write: true,
    async run(ctx, args, sent) {
      const { body, request, warnings } = await campaignBody(ctx, args, sent);
      if (args.planId === undefined) {
        const plan = planCampaign(body, args.planRows);
        const { contacts, ...rest } = request;
        return {
          sent: false,
          planId: ctx.plans.show('campaigns_create', request),
          next: 'Show this plan to the user. To create the campaign, call campaigns_create again with the same arguments and this planId.',
          summary: Object.fromEntries(summaryLines(body, 'campaigns_start')),
          warnings,
          body: rest,
          contactsCount: contacts?.length ?? 0,
          attemptsPerContact: attemptsPerContact(body.maxRetries),
          plan: planJson(plan),
          planShowsContacts: plan.length,
        };
      }
      ctx.plans.take('campaigns_create', request, args.planId);
      const client = await ctx.f.client();
      const res = await client.json(
        { method: 'POST', path: '/v1/campaigns', body: request, signal: ctx.f.signal },
        envelope(Campaign),
      );
      return { sent: true, campaign: res.body.data, warnings, requestId: res.requestId ?? null };
    },
  }),
  tool({
    name: 'campaigns_start',
    title: 'Start a campaign (shows the plan first)',
    description: `Start or resume a DRAFT, SCHEDULED or PAUSED campaign (POST /v1/campaigns/{id}/start, reference 4.5): calls begin. Two steps: without planId it reads the campaign and returns its summary, attempt plan and a planId, sending nothing; show them to the user, then call again with that planId to start it. ${UNTRUSTED}`,
    input: z.object(
      toolShape(startCommand, {
        planRows: described(
          z._default(z.int().check(z.minimum(1), z.maximum(100)), 5),
          'Contacts shown in the plan, 1 to 100; default 5',
        ),
        planId: described(
          z.optional(z.string()),
          'Leave out first; then the planId of the plan that was shown, to start the campaign',
        ),
      }),
    ),
    write: true,
    async run(ctx, args) {
      const client = await ctx.f.client();
      if (args.planId === undefined) {
        const res = await client.json(
          { method: 'GET', path: apiPath`/v1/campaigns/${args.id}`, signal: ctx.f.signal },
          envelope(Campaign),
        );
        const c = res.body.data as Rec;
        const contacts = z.array(Contact).safeParse(c.contacts);
        const plan =
          contacts.success && typeof c.fromNumber === 'string'
            ? planJson(
                planCampaign({ ...(c as object), fromNumber: c.fromNumber, contacts: contacts.data }, args.planRows),
              )
            : null;
        return {
          sent: false,
          planId: ctx.plans.show('campaigns_start', { id: args.id }),
          next: 'Show this to the user. To start calling, call campaigns_start again with this planId.',
          campaign: { ...c, contacts: undefined },
          contactsCount: contacts.success ? contacts.data.length : null,
          plan,
        };
      }
      ctx.plans.take('campaigns_start', { id: args.id }, args.planId);
      // The reference shows no request body for start (4.5): none is sent.
      const res = await client.json(
        { method: 'POST', path: apiPath`/v1/campaigns/${args.id}/start`, signal: ctx.f.signal },
        envelope(z.union([Campaign, z.looseObject({})])),
      );
      return { sent: true, campaign: res.body.data, requestId: res.requestId ?? null };
    },
  }),
  tool({
    name: 'campaigns_list',
    title: 'List campaigns',
    description: `One page of the organization's campaigns (GET /v1/campaigns), with pagination. ${UNTRUSTED}`,
    input: z.object(toolShape(campaignsListCommand)),
    async run(ctx, args) {
      return listPage(ctx, '/v1/campaigns', Campaign, args);
    },
  }),
  tool({
    name: 'campaigns_show',
    title: 'Show a campaign',
    description: `One campaign (GET /v1/campaigns/{id}): its settings, contacts, caller IDs per attempt and progress counters. ${UNTRUSTED}`,
    input: z.object(toolShape(showCommand)),
    async run(ctx, args) {
      const client = await ctx.f.client();
      const res = await client.json(
        { method: 'GET', path: apiPath`/v1/campaigns/${args.id}`, signal: ctx.f.signal },
        envelope(Campaign),
      );
      return res.body.data;
    },
  }),
];
