// The attempt plan: which number is dialled, with which caller ID, at each attempt of each contact.
// Pure (no I/O): `campaigns create --dry-run` prints it and the sandbox dialer follows it, so what an
// operator reads before anything dials is what the sandbox does. The reference (4.4) names the
// strategies but leaves the exact rules partly open; this is our reading, stated in README:
//   number dialled at attempt k: k = 1 phone_number; k >= 2 contact_attempts[k-2] while it exists;
//     past the end rolling cycles through contact_attempts, clamp repeats the last entry, custom goes
//     back to phone_number; no alternatives: phone_number. An entry's other fields override the contact's.
//   caller ID at attempt k: fromNumberAttempts[k-1] while it exists; past the end rolling cycles, clamp
//     repeats the last, custom falls back to fromNumber; no list: fromNumber. The reference uses the list
//     only "when maxRetries > 0": with maxRetries 0 the single attempt calls from fromNumber.
//   attempts per contact: 1 + maxRetries.
import { CAMPAIGN_DEFAULTS, type Strategy } from '../schemas/campaigns.js';
import type { Contact } from '../schemas/contacts.js';

/** What the plan needs of a campaign (a create body, or the sandbox's record). */
export interface PlanInput {
  fromNumber: string;
  fromNumberAttempts?: string[];
  fromNumberStrategy?: Strategy;
  contactAttemptStrategy?: Strategy;
  maxRetries?: number;
  contacts: Contact[];
}

export interface PlannedAttempt {
  attempt: number;
  /** Number dialled. */
  toNumber: string;
  /** Caller ID. */
  fromNumber: string;
  /** Where toNumber comes from: "phone_number" or "contact_attempts[i]". */
  toSource: string;
  /** Where fromNumber comes from: "fromNumber" or "fromNumberAttempts[i]". */
  fromSource: string;
  /** The contact's free fields for this attempt (the entry's overrides applied). */
  fields: Record<string, unknown>;
}

export interface ContactPlan {
  contactIndex: number;
  phone_number: string;
  attempts: PlannedAttempt[];
}

/** Index into a list of `length` entries for the 0-based position `i` (already >= length), or -1 for "the fallback". */
function pastEnd(i: number, length: number, strategy: Strategy): number {
  switch (strategy) {
    case 'rolling':
      return i % length;
    case 'clamp':
      return length - 1;
    case 'custom':
      return -1;
  }
}

function pick(i: number, length: number, strategy: Strategy): number {
  if (length === 0) return -1;
  return i < length ? i : pastEnd(i, length, strategy);
}

/** Index of contact_attempts dialled at attempt k (1-based), or -1 for phone_number. */
export function contactEntryIndex(
  alternatives: number,
  attempt: number,
  strategy: Strategy = CAMPAIGN_DEFAULTS.strategy,
): number {
  if (attempt <= 1) return -1;
  return pick(attempt - 2, alternatives, strategy);
}

/** Index of fromNumberAttempts used at attempt k (1-based), or -1 for fromNumber. */
export function callerIdIndex(
  listLength: number,
  attempt: number,
  strategy: Strategy = CAMPAIGN_DEFAULTS.strategy,
): number {
  return pick(attempt - 1, listLength, strategy);
}

export function attemptsPerContact(maxRetries: number | undefined): number {
  return 1 + (maxRetries ?? CAMPAIGN_DEFAULTS.maxRetries);
}

function freeFields(contact: Record<string, unknown>): Record<string, unknown> {
  const { phone_number: _p, contact_attempts: _a, ...rest } = contact;
  return rest;
}

/** The plan of one attempt of one contact. */
export function planAttempt(c: PlanInput, contact: Contact, attempt: number): PlannedAttempt {
  const alts = contact.contact_attempts ?? [];
  const ci = contactEntryIndex(alts.length, attempt, c.contactAttemptStrategy);
  const entry = ci >= 0 ? alts[ci] : undefined;
  const list = (c.maxRetries ?? CAMPAIGN_DEFAULTS.maxRetries) > 0 ? (c.fromNumberAttempts ?? []) : [];
  const fi = callerIdIndex(list.length, attempt, c.fromNumberStrategy);
  return {
    attempt,
    toNumber: entry ? entry.phone_number : contact.phone_number,
    fromNumber: fi >= 0 ? list[fi] : c.fromNumber,
    toSource: entry ? `contact_attempts[${ci}]` : 'phone_number',
    fromSource: fi >= 0 ? `fromNumberAttempts[${fi}]` : 'fromNumber',
    fields: entry ? { ...freeFields(contact), ...freeFields(entry) } : freeFields(contact),
  };
}

export function planContact(c: PlanInput, contact: Contact, contactIndex: number): ContactPlan {
  const n = attemptsPerContact(c.maxRetries);
  const attempts: PlannedAttempt[] = [];
  for (let k = 1; k <= n; k++) attempts.push(planAttempt(c, contact, k));
  return { contactIndex, phone_number: contact.phone_number, attempts };
}

/** The plan of the first `rows` contacts (all when undefined). */
export function planCampaign(c: PlanInput, rows?: number): ContactPlan[] {
  const contacts = rows === undefined ? c.contacts : c.contacts.slice(0, rows);
  return contacts.map((contact, i) => planContact(c, contact, i));
}
