// From flags (and an optional --file body) to a validated create body, with errors that name the flag,
// the rule and the value, and the warnings of the campaigns issue. Pure: no I/O.
import { isoInstant } from './window.js';
import { UsageError } from '../errors.js';
import type { PhoneResult } from '../contacts/phone.js';
import { terminalSafe } from '../io/safe.js';
import { describeValue } from '../options.js';
import { CampaignCreate } from '../schemas/campaigns.js';
import { attemptsPerContact } from './plan.js';

/** Flags as commander hands them over (strings), before conversion. */
export interface CampaignFlags {
  name?: string;
  agent?: string;
  from?: string;
  description?: string;
  fromAttempts?: string;
  fromStrategy?: string;
  contactStrategy?: string;
  map?: string[];
  maxRetries?: string;
  retryDelay?: string;
  days?: string;
  window?: string;
  startTime?: string;
  endTime?: string;
  timezone?: string;
  maxConcurrency?: string;
  keepFreeForInbound?: string;
  scheduledAt?: string;
  start?: boolean;
}

/** Body field -> the flag that sets it. */
const FIELD_FLAGS: Record<string, string> = {
  name: '--name',
  agentId: '--agent',
  fromNumber: '--from',
  contacts: '--contacts',
  description: '--description',
  fromNumberAttempts: '--from-attempts',
  fromNumberStrategy: '--from-strategy',
  contactAttemptStrategy: '--contact-strategy',
  variableMapping: '--map',
  maxRetries: '--max-retries',
  retryDelayMinutes: '--retry-delay',
  callingDays: '--days',
  callingStartTime: '--start-time',
  callingEndTime: '--end-time',
  timezone: '--timezone',
  maxConcurrency: '--max-concurrency',
  keepFreeForInbound: '--keep-free-for-inbound',
  scheduledAt: '--scheduled-at',
  startImmediately: '--start',
};

const REQUIRED_FIELDS = ['name', 'agentId', 'fromNumber', 'contacts'] as const;

/** The spellings --days takes for each weekday (0 = Sunday): three letters, the full name, and tues or thurs. */
const DAY_SPELLINGS: readonly string[][] = [
  ['sun', 'sunday'],
  ['mon', 'monday'],
  ['tue', 'tues', 'tuesday'],
  ['wed', 'wednesday'],
  ['thu', 'thurs', 'thursday'],
  ['fri', 'friday'],
  ['sat', 'saturday'],
];

function dayNumber(token: string): number {
  const t = token.trim().toLowerCase();
  if (/^\d+$/.test(t)) return Number(t);
  const i = DAY_SPELLINGS.findIndex((names) => names.includes(t));
  if (i < 0)
    throw new UsageError(
      `--days: "${token.trim()}" is not a weekday (use names like mon-fri, or numbers 0 = Sunday to 6 = Saturday: 1-5, 0,6)`,
    );
  return i;
}

/** "mon-fri", "1-5", "0,6", "fri-mon" (wraps), "mon,wed,fri" -> weekday numbers (0 = Sunday). */
function parseDays(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const range = /^\s*([^-\s]+)\s*-\s*([^-\s]+)\s*$/.exec(part);
    if (!range) {
      out.push(dayNumber(part));
      continue;
    }
    const a = dayNumber(range[1]);
    const b = dayNumber(range[2]);
    if (a > 6 || b > 6) {
      // out of range: hand the ends that are out of range to the schema, which names the rule and the value
      // (never the days in between: "0-99999999999" would fill memory)
      for (const d of new Set([a, b])) if (d > 6) out.push(d);
      continue;
    }
    for (let d = a; ; d = (d + 1) % 7) {
      out.push(d);
      if (d === b) break;
    }
  }
  return out;
}

/** "09:00-18:00" -> [start, end]. */
function parseWindow(text: string): [string, string] {
  const m = /^\s*([^-\s]+)\s*-\s*([^-\s]+)\s*$/.exec(text);
  if (!m) throw new UsageError(`--window: "${text}" is not a window START-END such as 09:00-18:00`);
  return [m[1], m[2]];
}

/** ["name=first_name", ...] -> {name: "first_name"}. */
function parseMap(entries: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of entries) {
    const m = /^\s*([^=\s]+)\s*=\s*(\S.*?)\s*$/.exec(e);
    if (!m) throw new UsageError(`--map: "${e}" is not VARIABLE=FIELD (for example --map customer_name=first_name)`);
    // JSON objects cannot carry it through JavaScript: refused rather than silently dropped.
    if (m[1] === '__proto__') throw new UsageError(`--map: "__proto__" cannot be a variable name (got "${e}")`);
    out[m[1]] = m[2];
  }
  return out;
}

/** A whole number as a number; anything else stays a string so the schema reports it with the value. */
function integer(text: string): number | string {
  return /^\s*[+-]?\d+\s*$/.test(text) ? Number(text) : text;
}

/** Overlays the flags the user gave on `base` (the --file body). Returns the body and the fields set by flags. */
export function applyFlags(
  base: Record<string, unknown>,
  flags: CampaignFlags,
): { body: Record<string, unknown>; fromFlags: Set<string> } {
  const body: Record<string, unknown> = { ...base };
  const fromFlags = new Set<string>();
  const set = (field: string, value: unknown) => {
    body[field] = value;
    fromFlags.add(field);
  };
  if (flags.name !== undefined) set('name', flags.name);
  if (flags.agent !== undefined) set('agentId', flags.agent);
  if (flags.from !== undefined) set('fromNumber', flags.from.trim());
  if (flags.description !== undefined) set('description', flags.description);
  if (flags.fromAttempts !== undefined)
    set(
      'fromNumberAttempts',
      flags.fromAttempts
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    );
  if (flags.fromStrategy !== undefined) set('fromNumberStrategy', flags.fromStrategy);
  if (flags.contactStrategy !== undefined) set('contactAttemptStrategy', flags.contactStrategy);
  if (flags.map !== undefined && flags.map.length > 0)
    set('variableMapping', { ...(base.variableMapping as object | undefined), ...parseMap(flags.map) });
  if (flags.maxRetries !== undefined) set('maxRetries', integer(flags.maxRetries));
  if (flags.retryDelay !== undefined) set('retryDelayMinutes', integer(flags.retryDelay));
  if (flags.days !== undefined) set('callingDays', parseDays(flags.days));
  if (flags.window !== undefined) {
    if (flags.startTime !== undefined || flags.endTime !== undefined)
      throw new UsageError('--window cannot be combined with --start-time or --end-time');
    const [start, end] = parseWindow(flags.window);
    set('callingStartTime', start);
    set('callingEndTime', end);
  }
  if (flags.startTime !== undefined) set('callingStartTime', flags.startTime);
  if (flags.endTime !== undefined) set('callingEndTime', flags.endTime);
  if (flags.timezone !== undefined) set('timezone', flags.timezone);
  if (flags.maxConcurrency !== undefined) set('maxConcurrency', integer(flags.maxConcurrency));
  if (flags.keepFreeForInbound !== undefined) set('keepFreeForInbound', integer(flags.keepFreeForInbound));
  if (flags.scheduledAt !== undefined) set('scheduledAt', withSeconds(flags.scheduledAt));
  if (flags.start) set('startImmediately', true);
  return { body, fromFlags };
}

/**
 * Required fields absent from the body, as the flags that supply them. Contacts given but empty (a file
 * holding `[]`) are not missing: the user gave them, and emptyContacts() says what is wrong.
 */
export function missingRequired(body: Record<string, unknown>): string[] {
  return REQUIRED_FIELDS.filter((k) => body[k] === undefined || body[k] === '').map((k) => FIELD_FLAGS[k]);
}

/** A contacts file (or stdin, `-`) that held none: said as such, before any prompt or request. */
export function emptyContacts(source: string): string {
  return `${source === '-' ? 'stdin' : terminalSafe(source)} has no contacts (a campaign needs at least one)`;
}

function where(path: PropertyKey[], fromFlags: Set<string>, file: string | undefined): string {
  const [top, ...rest] = path.map(String);
  if (top === 'contacts' && rest.length > 0) {
    const [i, ...more] = rest;
    return `${fromFlags.has('contacts') || !file ? '--contacts' : `contacts (in ${file})`}: contact ${Number(i) + 1}${
      more.length
        ? ` ${more
            .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
            .join('')
            .replace(/^\./, '')}`
        : ''
    }`;
  }
  const suffix = rest.length ? `[${rest.join('][')}]` : '';
  if (top === undefined || top === '') return file ? file : 'body';
  if (fromFlags.has(top) || !file) return `${FIELD_FLAGS[top] ?? top}${suffix}`;
  return `${top}${suffix} (in ${file})`;
}

export interface Validated {
  /** The campaign as the service will run it: the reference's defaults filled in (for the summary and the plan). */
  body: CampaignCreate;
  /** What is sent: the validated fields the user set, and no default the user did not ask for (the API applies its own). */
  request: Partial<CampaignCreate>;
  warnings: string[];
}

const MAX_ERRORS = 20;

/**
 * Validates a body with the shared schema. Throws UsageError listing every problem (flag or field,
 * rule, value); returns the body with defaults applied and the warnings.
 */
export function validateBody(
  raw: Record<string, unknown>,
  opts: {
    fromFlags?: Set<string>;
    file?: string;
    now: number;
    windowFlag?: boolean;
    /** The number rules for caller IDs (contacts/phone.ts), passed in to keep this module pure. */
    checkCallerId?: (value: string) => PhoneResult;
  },
): Validated {
  const fromFlags = opts.fromFlags ?? new Set<string>();
  // fromNumber and fromNumberAttempts must be valid numbers, not only E.164-shaped (+12 is not a caller ID):
  // the same validator as every other number, with its E.164 suggestion.
  const numberLines: string[] = [];
  const numberPaths = new Set<string>();
  if (opts.checkCallerId) {
    const attempts = Array.isArray(raw.fromNumberAttempts) ? (raw.fromNumberAttempts as unknown[]) : [];
    const ids: [PropertyKey[], unknown][] = [
      [['fromNumber'], raw.fromNumber],
      ...attempts.map((v, i) => [['fromNumberAttempts', i], v] as [PropertyKey[], unknown]),
    ];
    for (const [path, v] of ids) {
      if (typeof v !== 'string' || v === '') continue;
      const r = opts.checkCallerId(v);
      if (r.ok) continue;
      numberPaths.add(path.join('.'));
      numberLines.push(`${where(path, fromFlags, opts.file)}: ${r.reason} (got ${describeValue(v)})`);
    }
  }
  const result = CampaignCreate.safeParse(raw);
  if (!result.success || numberLines.length) {
    const issues = result.success ? [] : result.error.issues.filter((i) => !numberPaths.has(i.path.join('.')));
    const zodLines = issues.map((issue) => {
      let value: unknown = raw;
      for (const p of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[p as PropertyKey];
      let name = where(issue.path, fromFlags, opts.file);
      if (opts.windowFlag && (issue.path[0] === 'callingStartTime' || issue.path[0] === 'callingEndTime'))
        name = `--window (${issue.path[0] === 'callingStartTime' ? 'start' : 'end'})`;
      if (value === undefined && issue.code === 'invalid_type') return `${name} is required`;
      return typeof value === 'boolean'
        ? `${name}: ${issue.message}`
        : `${name}: ${issue.message} (got ${describeValue(value)})`;
    });
    const lines = [...numberLines, ...zodLines];
    const shown = lines.slice(0, MAX_ERRORS);
    if (lines.length > MAX_ERRORS) shown.push(`… and ${lines.length - MAX_ERRORS} more`);
    throw new UsageError(shown[0], { hints: [...shown.slice(1), 'Nothing was sent.'] });
  }
  const body = result.data!;
  const request: Partial<CampaignCreate> = { ...body };
  for (const k of Object.keys(body) as (keyof CampaignCreate)[]) if (raw[k] === undefined) delete request[k];
  return { body, request, warnings: warningsFor(body, opts.now, { fromFlags, file: opts.file }) };
}

function contactLabel(i: number, phone: string): string {
  return `contact ${i + 1} (${phone})`;
}

/**
 * A strategy decides only what happens past the end of its list (plan.ts): given where attempts never get
 * there, it changes nothing, and the user is told rather than left to believe it does.
 */
function strategyWarnings(body: CampaignCreate, named: (field: string) => string): string[] {
  const warnings: string[] = [];
  const attempts = attemptsPerContact(body.maxRetries);
  const callerIds = body.fromNumberAttempts ?? [];
  const retries = `${named('maxRetries')} ${body.maxRetries}`;
  if (body.maxRetries === 0) {
    for (const field of ['fromNumberStrategy', 'contactAttemptStrategy'] as const)
      if (body[field] !== undefined)
        warnings.push(`${named(field)} has no effect when ${retries}: each contact is called once`);
    return warnings;
  }
  if (callerIds.length > attempts) {
    warnings.push(
      `${named('fromNumberAttempts')} has ${callerIds.length} numbers but each contact gets ${attempts} attempts (${retries}, plus the first call): ${callerIds.slice(attempts).join(', ')} will not be used`,
    );
  }
  if (body.fromNumberStrategy !== undefined) {
    if (callerIds.length === 0)
      warnings.push(
        `${named('fromNumberStrategy')} has no effect without caller IDs per attempt (--from-attempts): every call comes from ${body.fromNumber}`,
      );
    else if (callerIds.length >= attempts)
      warnings.push(
        `${named('fromNumberStrategy')} has no effect: ${named('fromNumberAttempts')} covers all ${attempts} attempts`,
      );
  }
  if (body.contactAttemptStrategy !== undefined) {
    const alternatives = body.contacts.map((c) => c.contact_attempts?.length ?? 0);
    if (alternatives.every((n) => n === 0))
      warnings.push(
        `${named('contactAttemptStrategy')} has no effect: no contact has alternative numbers (contact_attempts)`,
      );
    else if (alternatives.every((n) => n === 0 || n >= attempts - 1))
      warnings.push(
        `${named('contactAttemptStrategy')} has no effect: every contact's alternative numbers (contact_attempts) cover all ${attempts} attempts`,
      );
  }
  return warnings;
}

/** Warnings name each field as the user gave it: the flag, or the field and its --file (see where()). */
function warningsFor(
  body: CampaignCreate,
  now: number,
  origin: { fromFlags?: Set<string>; file?: string } = {},
): string[] {
  const named = (field: string) => where([field], origin.fromFlags ?? new Set(), origin.file);
  const mapFile = origin.fromFlags?.has('variableMapping') ? undefined : origin.file;
  const warnings: string[] = [];
  if (body.scheduledAt !== undefined && (isoInstant(body.scheduledAt, body.timezone) ?? now) < now) {
    warnings.push(
      `${named('scheduledAt')} ${body.scheduledAt} is in the past: the campaign may start as soon as it is created`,
    );
  }
  if (body.fromNumberAttempts !== undefined && body.maxRetries === 0) {
    warnings.push(
      `${named('fromNumberAttempts')} is not used when maxRetries is 0 (reference 4.4): every call comes from ${body.fromNumber}`,
    );
  }
  warnings.push(...strategyWarnings(body, named));
  for (const [variable, field] of Object.entries(body.variableMapping ?? {})) {
    const lacking = body.contacts.flatMap((c, i) =>
      c[field] === undefined || c[field] === '' ? [contactLabel(i, c.phone_number)] : [],
    );
    if (lacking.length === 0) continue;
    const names = lacking.slice(0, 5).join(', ') + (lacking.length > 5 ? ` and ${lacking.length - 5} more` : '');
    const source = mapFile ? `variableMapping ${variable}: ${field} (in ${mapFile})` : `--map ${variable}=${field}`;
    warnings.push(
      `${source}: ${lacking.length} of ${body.contacts.length} contacts lack the field "${field}": ${names}`,
    );
  }
  return warnings;
}

/** ISO 8601 lets seconds be left out (2026-01-15T09:00Z); the API's examples carry them, so they are added. */
function withSeconds(at: string): string {
  return at.replace(/^(\d{4}-\d\d-\d\dT\d\d:\d\d)(Z|[+-]\d\d:\d\d)$/i, '$1:00$2');
}
