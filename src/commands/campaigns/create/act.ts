// campaigns create for an agent (the tool campaigns_create; its fields are tool.ts): the plan first, with a
// plan id, and the campaign created only when called again with it. The body is validated by the same rules as the
// command's (validateBody) and holds only the fields of the API's request schema.
import { validateBody } from '../../../campaigns/body.js';
import { campaignDigest } from '../../../campaigns/outcome.js';
import { attemptsPerContact, planCampaign } from '../../../campaigns/plan.js';
import { UsageError } from '../../../errors.js';
import { CampaignCreate } from '../../../schemas/campaigns.js';
import { type AgentContext, folderOf, type Rec } from '../../agent.js';
import type { CreateOptions } from './command.js';
import type { CreateToolInput } from './tool.js';
import { contactsOf, createCampaign, csvOptionsOf } from './work.js';
import { PLAN_ROWS, planJson, summaryLines } from '../summary.js';

/** The API's contacts and mapping from the tool's lists: numbers, {name, value} and {variable, field}. */
function bodyShapes(input: CreateToolInput): Rec {
  const out: Rec = { ...input };
  if (input.contacts)
    out.contacts = input.contacts.map((c: Rec) => {
      const { fields, contact_attempts: alternatives, ...rest } = c;
      const free = Array.isArray(fields) ? fields.map((p: Rec) => [String(p?.name), p?.value]) : [];
      const attempts = Array.isArray(alternatives)
        ? { contact_attempts: alternatives.map((n) => (typeof n === 'string' ? { phone_number: n } : n)) }
        : {};
      return { ...Object.fromEntries(free), ...rest, ...attempts };
    });
  if (input.variableMapping)
    out.variableMapping = Object.fromEntries(input.variableMapping.map((p: Rec) => [String(p?.variable), p?.field]));
  return out;
}

/**
 * The body from the fields of the API's request schema the client sent (not the defaults the tool's schema fills
 * in: the API applies its own), with the contacts of contactsFile.
 */
async function campaignBody(ctx: AgentContext, input: CreateToolInput, sent: Rec, opts: CreateOptions) {
  const shaped = bodyShapes(input);
  const raw: Rec = {};
  for (const k of Object.keys(CampaignCreate.shape)) if (sent[k] !== undefined) raw[k] = shaped[k];
  if (input.contactsFile !== undefined) {
    if (input.contacts !== undefined)
      throw new UsageError('contacts and contactsFile cannot be combined: give the contacts one way');
    const { path, handle } = await folderOf(ctx, 'contactsFile').openRead(input.contactsFile, 'contactsFile');
    try {
      // The command's reading, with its flags at their defaults but the tool's defaultCountry.
      raw.contacts = await contactsOf(ctx.f, path, opts, csvOptionsOf(opts), handle);
    } catch (err) {
      // Rows with errors stop the campaign; the converter can leave them out, which this tool does not.
      if (err instanceof UsageError && /\d+ errors? in \d+ rows?$/.test(err.message))
        err.hints.push(
          'To leave the invalid rows out: contacts_convert with skipInvalid true, then its output as contactsFile.',
        );
      throw err;
    } finally {
      await handle.close();
    }
  }
  return validateBody(raw, { file: 'the arguments', now: ctx.f.clock.now() });
}

export async function act(ctx: AgentContext, input: CreateToolInput, sent: Rec, opts: CreateOptions) {
  const { body, request, warnings } = await campaignBody(ctx, input, sent, opts);
  if (input.planId === undefined) {
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
  await ctx.plans.take('campaigns_create', request, input.planId);
  const { campaign, requestId } = await createCampaign(ctx.f, request);
  return {
    sent: true,
    campaign: campaignDigest(campaign),
    warnings,
    requestId: requestId ?? null,
    next: 'Start it with campaigns_start (a plan first, then its planId).',
  };
}
