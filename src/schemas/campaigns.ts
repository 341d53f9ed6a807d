// Campaigns (reference 2.3, 3.2, 4.4-4.7, 8). The create request is validated by this one schema in the
// CLI (before anything is sent) and in the sandbox (POST /v1/campaigns). Campaign records are read
// loosely: the reference does not show their fields ("not shown beyond these three groups").
import * as z from 'zod/mini';
import { CAMPAIGN_DEFAULTS, MAX_RETRIES, MIN_RETRY_DELAY_MINUTES, STRATEGIES } from '../facts.js';
import { parseIsoDateTime } from '../campaigns/window.js';
import { E164, reject } from './common.js';
import { similar } from '../suggest.js';
import { Contact } from './contacts.js';

export const Strategy = z.enum(STRATEGIES, { error: `must be one of ${STRATEGIES.join(', ')}` });
export type Strategy = z.infer<typeof Strategy>;
// The facts of campaigns (facts.ts), where the domain modules and the sandbox already look for them.
export { CAMPAIGN_DEFAULTS, MAX_RETRIES, MIN_RETRY_DELAY_MINUTES, STRATEGIES } from '../facts.js';

const int = (what = 'must be a whole number') => z.int({ error: what });
const isCount = (v: unknown, min: number): v is number => Number.isInteger(v) && (v as number) >= min;

const HHMM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const HHMM = z
  .string({ error: 'must be a time HH:MM' })
  .check(z.regex(HHMM_PATTERN, 'must be a time HH:MM between 00:00 and 23:59'));

/** True when the runtime (Intl) knows this IANA time zone. */
function isKnownTimeZone(tz: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz) && tz !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const TIME_ZONE_RULE = 'must be an IANA time zone known to this runtime, such as Europe/Rome or America/New_York';

const TimeZone = z
  .string({ error: 'must be an IANA time zone such as Europe/Rome' })
  .check(z.refine(isKnownTimeZone, TIME_ZONE_RULE));

let zoneList: readonly string[] | undefined;
/** The runtime's IANA zones: a list of some 400 names that Intl makes afresh at each call, so asked for once. */
const timeZones = (): readonly string[] => (zoneList ??= Intl.supportedValuesOf('timeZone'));

/**
 * --timezone as typed on a command line: any case (`europe/rome`), sent as the IANA list spells it (`Europe/Rome`);
 * an alias the runtime knows (`US/Eastern`, `UTC`) as the runtime names it. A near miss, or a bare city, gets
 * "did you mean".
 */
export const TimeZoneFlag = z.pipe(
  z.string(),
  z.transform((typed: string, ctx) => {
    const tz = typed.trim();
    const zones = timeZones();
    const listed = zones.find((z) => z.toLowerCase() === tz.toLowerCase());
    if (listed) return listed;
    if (isKnownTimeZone(tz)) return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
    const city = zones.filter((z) => z.toLowerCase().endsWith(`/${tz.toLowerCase()}`));
    const near = city.length ? city : similar(tz, zones);
    return reject(ctx, `${TIME_ZONE_RULE}${near.length ? `; did you mean ${near.join(' or ')}?` : ''}`);
  }),
);

const CallingDays = z
  .array(
    int('must be whole numbers from 0 (Sunday) to 6 (Saturday)').check(
      z.minimum(0, 'must be from 0 (Sunday) to 6 (Saturday)'),
      z.maximum(6, 'must be from 0 (Sunday) to 6 (Saturday)'),
    ),
    { error: 'must be a list of weekdays 0 (Sunday) to 6 (Saturday)' },
  )
  .check(
    z.minLength(1, 'must name at least one weekday'),
    z.refine((days) => new Set(days).size === days.length, 'must not repeat a weekday'),
  );

export const CampaignCreate = z
  .object({
    name: z.string({ error: 'is required' }).check(z.trim(), z.minLength(1, 'must not be empty')),
    agentId: z.string({ error: 'is required' }).check(z.trim(), z.minLength(1, 'must not be empty')),
    fromNumber: E164,
    contacts: z
      .array(Contact, { error: 'must be a list of contacts' })
      .check(z.minLength(1, 'must contain at least one contact')),
    description: z.optional(z.string()),
    fromNumberAttempts: z.optional(
      z
        .array(E164, { error: 'must be a list of E.164 numbers' })
        .check(z.minLength(1, 'must name at least one number')),
    ),
    fromNumberStrategy: z.optional(Strategy),
    contactAttemptStrategy: z.optional(Strategy),
    variableMapping: z.optional(
      z.record(
        z.string(),
        z
          .string({ error: 'must map a variable to a contact field name' })
          .check(z.minLength(1, 'must name a contact field')),
        { error: 'must be an object of variable: field' },
      ),
    ),
    maxRetries: z._default(
      int().check(
        z.minimum(0, `must be from 0 to ${MAX_RETRIES}`),
        z.maximum(MAX_RETRIES, `must be from 0 to ${MAX_RETRIES}`),
      ),
      CAMPAIGN_DEFAULTS.maxRetries,
    ),
    retryDelayMinutes: z._default(
      int('must be a whole number of minutes').check(z.minimum(0, 'must be 0 or more')),
      CAMPAIGN_DEFAULTS.retryDelayMinutes,
    ),
    callingDays: z.optional(CallingDays),
    callingStartTime: z.optional(HHMM),
    callingEndTime: z.optional(HHMM),
    timezone: z._default(TimeZone, CAMPAIGN_DEFAULTS.timezone),
    maxConcurrency: z.optional(int().check(z.minimum(1, 'must be 1 or more'))),
    keepFreeForInbound: z._default(
      int().check(z.minimum(0, 'must be 0 or more')),
      CAMPAIGN_DEFAULTS.keepFreeForInbound,
    ),
    scheduledAt: z.optional(
      z.string().check(
        z.refine((v) => parseIsoDateTime(v) !== undefined, {
          error:
            "must be an ISO 8601 date-time, such as 2026-01-15T09:00Z, 2026-01-15T09:00:00+01:00, or 2026-01-15T09:00 (a local time in the campaign's timezone)",
        }),
      ),
    ),
    startImmediately: z.optional(z.boolean({ error: 'must be true or false' })),
  })
  .check(
    z.superRefine((c, ctx) => {
      if (c.maxRetries > 0 && c.retryDelayMinutes < MIN_RETRY_DELAY_MINUTES) {
        ctx.addIssue({
          code: 'custom',
          path: ['retryDelayMinutes'],
          message: `must be at least ${MIN_RETRY_DELAY_MINUTES} when maxRetries is more than 0`,
        });
      }
      if (c.startImmediately === true && c.scheduledAt !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['startImmediately'],
          message: 'cannot be combined with scheduledAt (a campaign either starts now or at scheduledAt)',
        });
      }
      if (c.callingStartTime !== undefined && c.callingStartTime === c.callingEndTime) {
        ctx.addIssue({
          code: 'custom',
          path: ['callingEndTime'],
          message: 'must differ from callingStartTime (the window would be empty)',
        });
      }
      // zod runs this even when a field broke its own rule: compare only two valid values, or
      // `--max-concurrency 0` would also blame a keepFreeForInbound the user never gave (its default, 0).
      if (
        isCount(c.maxConcurrency, 1) &&
        isCount(c.keepFreeForInbound, 0) &&
        c.keepFreeForInbound >= c.maxConcurrency
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['keepFreeForInbound'],
          message: `must be less than maxConcurrency (${c.maxConcurrency}), or no outbound call could ever start`,
        });
      }
    }),
  );
/** The body as sent: defaults applied. */
export type CampaignCreate = z.infer<typeof CampaignCreate>;

/** States from which POST /v1/campaigns/{id}/start is allowed (reference 4.5). */
export const STARTABLE_STATUSES = ['DRAFT', 'SCHEDULED', 'PAUSED'] as const;

export const Campaign = z.looseObject({ id: z.string() });
export type Campaign = z.infer<typeof Campaign>;
