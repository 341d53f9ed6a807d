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
import { CSV_FLAGS } from '../../contacts/flags.js';
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
import { E164 } from '../../schemas/common.js';
import { described, folderOf, listPage, type Rec, tool, type Tool, type ToolContext } from '../tool.js';

/** What each field of the create body means (reference 4.4), for the agent reading the tool's schema. */
const CAMPAIGN_FIELDS: Record<keyof typeof CampaignCreate.shape, string> = {
  name: 'Campaign name',
  agentId: 'AI agent making the calls',
  fromNumber: 'Caller ID, E.164',
  contacts: '',
  description: '',
  fromNumberAttempts: 'Caller ID per attempt, E.164',
  fromNumberStrategy: '',
  contactAttemptStrategy: '',
  variableMapping: '',
  maxRetries: `0 to ${MAX_RETRIES}; default ${CAMPAIGN_DEFAULTS.maxRetries}`,
  retryDelayMinutes: `At least ${MIN_RETRY_DELAY_MINUTES} when retrying; default ${CAMPAIGN_DEFAULTS.retryDelayMinutes}`,
  callingDays: 'Weekdays, 0 = Sunday to 6',
  callingStartTime: 'HH:MM',
  callingEndTime: 'HH:MM',
  timezone: `IANA zone; default ${CAMPAIGN_DEFAULTS.timezone}`,
  maxConcurrency: 'Most simultaneous calls',
  keepFreeForInbound: '',
  scheduledAt: 'ISO 8601 start, with a zone',
  startImmediately: 'Start calling once created',
};

/** Contacts shown in a plan. */
const PLAN_ROWS = 5;
/** Fields of the body not offered to agents: their defaults are what a campaign from a conversation needs. */
const NOT_OFFERED = new Set(['description', 'fromNumberStrategy', 'contactAttemptStrategy', 'keepFreeForInbound']);
const PlanIdArg = described(z.optional(z.string()), 'Of the plan shown; leave out first');

/** A name and a value: free fields and mappings as lists, since strict tool schemas allow no open objects. */
const Pair = (name: string, value: string) =>
  z.array(z.strictObject({ [name]: z.string(), [value]: z.string() }) as z.ZodMiniObject);

/**
 * A contact as the tool takes it: its free fields as a list of {name, value} (for variableMapping). Fields given
 * directly on the contact are taken too (a loose object), as in the API's body, though the schema does not show them.
 */
const ToolContact = z.looseObject({
  phone_number: described(E164, 'E.164'),
  contact_attempts: described(z.optional(z.array(z.looseObject({ phone_number: E164 }))), 'For attempts 2, 3, ...'),
  fields: described(z.optional(Pair('name', 'value')), 'Free fields, such as first_name'),
});

/** The contacts and the mapping of the API's body, from the tool's lists. */
function bodyShapes(sent: Rec): Rec {
  const out: Rec = { ...sent };
  if (Array.isArray(sent.contacts))
    out.contacts = sent.contacts.map((c: Rec) => {
      const { fields, ...rest } = c ?? {};
      const free = Array.isArray(fields) ? fields.map((p: Rec) => [String(p?.name), p?.value]) : [];
      return { ...Object.fromEntries(free), ...rest };
    });
  if (Array.isArray(sent.variableMapping))
    out.variableMapping = Object.fromEntries(sent.variableMapping.map((p: Rec) => [String(p?.variable), p?.field]));
  return out;
}

const CampaignArgs = z.object({
  ...(Object.fromEntries(
    Object.entries(CampaignCreate.shape)
      .filter(([k]) => !NOT_OFFERED.has(k))
      .map(([k, v]) => [k, described(v, CAMPAIGN_FIELDS[k as keyof typeof CAMPAIGN_FIELDS])]),
  ) as typeof CampaignCreate.shape),
  contacts: described(z.optional(z.array(ToolContact)), 'The contacts, or contactsFile'),
  variableMapping: described(z.optional(Pair('variable', 'field')), 'Agent prompt variable -> contact field'),
  contactsFile: described(
    z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
    "File in the server's folder: CSV or contacts_convert's JSON",
  ),
  defaultCountry: described(CSV_FLAGS.defaultCountry.schema, CSV_FLAGS.defaultCountry.mcp.description),
  planId: PlanIdArg,
});
const BODY_FIELDS = Object.keys(CampaignCreate.shape);

/** The body from the fields the client sent (not the defaults the schema fills in: the API applies its own). */
async function campaignBody(ctx: ToolContext, args: z.infer<typeof CampaignArgs>, sent: Rec) {
  const raw: Rec = {};
  const body = bodyShapes(sent);
  for (const k of BODY_FIELDS) if (body[k] !== undefined) raw[k] = body[k];
  if (args.contactsFile !== undefined) {
    if (args.contacts !== undefined)
      throw new UsageError('contacts and contactsFile cannot be combined: give the contacts one way');
    const { loadContacts } = await import('../../contacts/load.js');
    const { path, handle } = await folderOf(ctx, 'contactsFile').openRead(args.contactsFile, 'contactsFile');
    try {
      raw.contacts = await loadContacts(path, {
        ...args,
        handle,
        stdin: ctx.f.io.in,
        trackTemp: ctx.f.cleanup.trackTemp,
        signal: ctx.f.signal,
        warn: ctx.f.log.warn,
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
    description:
      "Convert a CSV in the server's folder to campaign contacts in a new JSON file; invalid rows fail it unless skipInvalid.",
    input: z.object(toolShape(convertCommand)),
    write: true,
    files: true,
    local: true,
    untrusted: ['errors', 'readings'],
    async run(ctx, args) {
      const [{ loadContacts }, { ContactWriter }] = await Promise.all([
        import('../../contacts/load.js'),
        import('../../contacts/output.js'),
      ]);
      const folder = folderOf(ctx, 'file');
      let report: Rec = {};
      const { path: source, handle } = await folder.openRead(args.file, 'file');
      let contacts: Contact[];
      try {
        contacts = await loadContacts(source, {
          ...args,
          handle,
          stdin: ctx.f.io.in,
          trackTemp: ctx.f.cleanup.trackTemp,
          signal: ctx.f.signal,
          warn: ctx.f.log.warn,
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
        });
      } finally {
        await handle.close();
      }
      const parts: string[] = [];
      const writer = new ContactWriter({ push: (t: string) => void parts.push(t) }, false);
      for (const c of contacts) writer.write(c);
      writer.end();
      const out = await folder.create(
        args.output ?? `${args.file.replace(/\.(csv|tsv|txt)$/i, '')}.contacts.json`,
        'output',
        0o600,
      );
      try {
        await out.handle.writeFile(parts.join(''));
        await out.commit();
      } finally {
        await out.discard();
      }
      return { output: out.path, ...report, contacts: contacts.length };
    },
  }),
  tool({
    name: 'campaigns_create',
    description:
      'Create a call campaign. Without planId nothing is sent: show the plan returned to the user, then call again with the same arguments and its planId.',
    input: CampaignArgs,
    write: true,
    untrusted: ['summary', 'warnings', 'plan', 'campaign'],
    async run(ctx, args, sent) {
      const { body, request, warnings } = await campaignBody(ctx, args, sent);
      if (args.planId === undefined) {
        const plan = planCampaign(body, PLAN_ROWS);
        const { contacts, ...rest } = request;
        return {
          sent: false,
          planId: await ctx.plans.show('campaigns_create', request),
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
      await ctx.plans.take('campaigns_create', request, args.planId);
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
    description:
      'Start a campaign. Without planId nothing is sent: show the plan returned, then call again with its planId.',
    input: z.object(toolShape(startCommand, { planId: PlanIdArg })),
    write: true,
    untrusted: ['campaign', 'plan'],
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
            ? planJson(planCampaign({ ...(c as object), fromNumber: c.fromNumber, contacts: contacts.data }, PLAN_ROWS))
            : null;
        return {
          sent: false,
          planId: await ctx.plans.show('campaigns_start', { id: args.id }),
          next: 'Show this to the user. To start calling, call campaigns_start again with this planId.',
          campaign: { ...c, contacts: undefined },
          contactsCount: contacts.success ? contacts.data.length : null,
          plan,
        };
      }
      await ctx.plans.take('campaigns_start', { id: args.id }, args.planId);
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
    description: 'One page of campaigns.',
    input: z.object(toolShape(campaignsListCommand)),
    untrusted: ['records'],
    async run(ctx, args) {
      return listPage(ctx, '/v1/campaigns', Campaign, args);
    },
  }),
  tool({
    name: 'campaigns_show',
    description: 'One campaign, with its contacts.',
    input: z.object(toolShape(showCommand)),
    untrusted: ['campaign'],
    async run(ctx, args) {
      const client = await ctx.f.client();
      const res = await client.json(
        { method: 'GET', path: apiPath`/v1/campaigns/${args.id}`, signal: ctx.f.signal },
        envelope(Campaign),
      );
      // Wrapped, so that the mark of what came from outside cannot collide with the campaign's own fields.
      return { campaign: res.body.data, requestId: res.requestId ?? null };
    },
  }),
];
