// From a create body (the --file body with the flags applied, see flags.ts) to a validated one, with errors
// that name the flag, the rule and the value, and the warnings of the campaigns issue. Pure: no I/O.
import { FIELD_FLAGS } from './flags.js';
import { isoInstant } from './window.js';
import { UsageError } from '../errors.js';
import type { PhoneResult } from '../contacts/phone.js';
import { terminalSafe } from '../io/safe.js';
import { describeValue, ruleOf } from '../options.js';
import { CampaignCreate } from '../schemas/campaigns.js';
import { attemptsPerContact, contactEntryIndex } from './plan.js';

const REQUIRED_FIELDS = ['name', 'agentId', 'fromNumber', 'contacts'] as const;

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

function where(
  path: PropertyKey[],
  fromFlags: Set<string>,
  file: string | undefined,
  at?: (path: readonly PropertyKey[]) => string | undefined,
): string {
  const [top, ...rest] = path.map(String);
  // A value of the --file body is named with its line and column there.
  if (file && at) file = at(path) ?? file;
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
    /** Where a path of the --file body is in its file (`campaign.yaml:3:13`). */
    at?: (path: readonly PropertyKey[]) => string | undefined;
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
      numberLines.push(`${where(path, fromFlags, opts.file, opts.at)}: ${r.reason} (got ${describeValue(v)})`);
    }
  }
  const result = CampaignCreate.safeParse(raw);
  if (!result.success || numberLines.length) {
    const issues = result.success ? [] : result.error.issues.filter((i) => !numberPaths.has(i.path.join('.')));
    const zodLines = issues.map((issue) => {
      let value: unknown = raw;
      for (const p of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[p as PropertyKey];
      let name = where(issue.path, fromFlags, opts.file, opts.at);
      if (opts.windowFlag && (issue.path[0] === 'callingStartTime' || issue.path[0] === 'callingEndTime'))
        name = `--window (${issue.path[0] === 'callingStartTime' ? 'start' : 'end'})`;
      if (value === undefined && issue.code === 'invalid_type') return `${name} is required`;
      return typeof value === 'boolean'
        ? `${name}: ${ruleOf(issue)}`
        : `${name}: ${ruleOf(issue)} (got ${describeValue(value)})`;
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

/**
 * Alternative numbers (contact_attempts) that no attempt dials, by the dialer's own rule (contactEntryIndex): with
 * the default maxRetries 0 each contact is called once, on its phone_number, and every alternative is left out.
 */
function undialledWarning(body: CampaignCreate, named: (field: string) => string): string | undefined {
  const attempts = attemptsPerContact(body.maxRetries);
  let numbers = 0;
  let most = 0;
  const lacking: string[] = [];
  body.contacts.forEach((c, i) => {
    const alts = c.contact_attempts?.length ?? 0;
    if (alts === 0) return;
    const dialled = new Set<number>();
    for (let k = 1; k <= attempts; k++) dialled.add(contactEntryIndex(alts, k, body.contactAttemptStrategy));
    const left = Array.from({ length: alts }, (_, j) => j).filter((j) => !dialled.has(j)).length;
    if (left === 0) return;
    numbers += left;
    most = Math.max(most, alts);
    lacking.push(contactLabel(i, c.phone_number));
  });
  if (numbers === 0) return undefined;
  const names = lacking.slice(0, 3).join(', ') + (lacking.length > 3 ? ` and ${lacking.length - 3} more` : '');
  return `${numbers} alternative ${numbers === 1 ? 'number' : 'numbers'} (contact_attempts) will never be dialled: each contact gets ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'} (${named('maxRetries')} ${body.maxRetries}, plus the first call); ${named('maxRetries')} ${most} dials them all. Contacts: ${names}`;
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
  const undialled = undialledWarning(body, named);
  if (undialled) warnings.push(undialled);
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
