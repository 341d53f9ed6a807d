// campaigns create as the MCP tool campaigns_create: its fields. An agent sends the fields of the API's body as
// JSON (callingDays as numbers, the window as two times), where the command's flags take text for a shell
// (--days mon-fri, --window 09:00-18:00): the tool's fields are the body's, described here, and both are checked by
// the body's schema (validateBody). The body sent is built from the request schema's fields only (act.ts).
import * as z from 'zod/mini';
import { CAMPAIGN_DEFAULTS, CampaignCreate, MAX_RETRIES, MIN_RETRY_DELAY_MINUTES } from '../../../schemas/campaigns.js';
import { E164 } from '../../../schemas/common.js';
import { described } from '../../define.js';
import { PLAN_ID } from '../id-arg.js';

/** What each field of the create body means (reference 4.4), for the agent reading the tool's schema. */
const FIELD_HELP: Partial<Record<keyof typeof CampaignCreate.shape, string>> = {
  name: 'Campaign name',
  agentId: 'AI agent (campaigns_resources)',
  fromNumber: 'Caller ID, E.164',
  fromNumberAttempts: 'Caller ID per attempt, E.164',
  maxRetries: `0 to ${MAX_RETRIES}; default ${CAMPAIGN_DEFAULTS.maxRetries}`,
  retryDelayMinutes: `${MIN_RETRY_DELAY_MINUTES}+ when retrying; default ${CAMPAIGN_DEFAULTS.retryDelayMinutes}`,
  callingDays: 'Weekdays, 0 = Sunday to 6',
  callingStartTime: 'HH:MM',
  callingEndTime: 'HH:MM',
  timezone: `IANA zone; default ${CAMPAIGN_DEFAULTS.timezone}`,
};

/**
 * Fields of the body offered to agents; the others keep their defaults (what a campaign from a conversation needs,
 * and the tool list is read in every conversation). startImmediately and scheduledAt are not: calls start
 * through campaigns_start, after its plan was shown.
 */
const OFFERED = Object.keys(FIELD_HELP) as (keyof typeof FIELD_HELP)[];

/** A name and a value: free fields and mappings as lists, since strict tool schemas allow no open objects. */
const Pair = (name: string, value: string) =>
  z.array(z.strictObject({ [name]: z.string(), [value]: z.string() }) as z.ZodMiniObject);

/**
 * A contact as the tool takes it: its number, its alternatives as numbers, its free fields as a list of {name,
 * value} (for variableMapping). Fields given directly on the contact are taken too (a loose object), as in the API's
 * body, though the schema does not show them.
 */
const ToolContact = z.looseObject({
  phone_number: described(E164, 'E.164'),
  contact_attempts: described(z.optional(z.array(E164)), 'Numbers for attempts 2, 3, ...'),
  fields: described(z.optional(Pair('name', 'value')), 'Free fields'),
});

export const CREATE_TOOL_FIELDS = {
  ...(Object.fromEntries(OFFERED.map((k) => [k, described(CampaignCreate.shape[k], FIELD_HELP[k]!)])) as Pick<
    typeof CampaignCreate.shape,
    (typeof OFFERED)[number]
  >),
  contacts: described(z.optional(z.array(ToolContact)), 'Or contactsFile'),
  variableMapping: described(z.optional(Pair('variable', 'field')), 'Agent prompt variable -> contact field'),
  contactsFile: described(
    z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
    "CSV or contacts_convert's JSON, in the folder",
  ),
  planId: PLAN_ID,
};
/** The tool's input: these fields, and the CSV flag the command offers to agents (defaultCountry). */
export type CreateToolInput = z.infer<z.ZodMiniObject<typeof CREATE_TOOL_FIELDS>> & { defaultCountry?: string };
