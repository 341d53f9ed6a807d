// One row per contact of a campaign: the contact's own fields, how it ended, and the numbers and caller IDs its calls
// used, from the campaign detail (contacts, contactProgress) and the calls list. The reference documents neither the
// progress fields nor a call's (2.3, 4.10): every column is filled from what the records do say, and a column that
// no record could fill is named, so that an empty cell is never mistaken for "none".
import { cell } from '../io/format.js';

type Rec = Record<string, unknown>;

/** Rows in one page of campaigns_results: 50 rows of a 1,000-contact campaign are about 15,000 characters. */
export const RESULTS_PAGE = 50;

export interface ResultRow {
  /** Position in the campaign's contacts, from 1 (as `campaigns show` numbers them). */
  index: number;
  phone_number: string | null;
  /** The contact's alternatives, as it was sent. */
  contact_attempts: Rec[];
  /** The contact's free fields. */
  fields: Rec;
  /** The contact's progress status as the service says it (pending, calling, completed, failed), or null. */
  status: string | null;
  /** answered, no_answer, busy, voicemail, failed (how the last call ended, once the contact is done), pending, calling. */
  result: string;
  reached: boolean | null;
  attempts: number | null;
  lastOutcome: string | null;
  numbersDialled: string[] | null;
  callerIds: string[] | null;
  lastCallAt: string | null;
}

/** The columns a service may leave unfilled, as the JSON names them. */
const FILLABLE = ['status', 'attempts', 'lastOutcome', 'numbersDialled', 'callerIds'] as const;

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);

/** A call's contact: its contactIndex, else the one contact whose numbers include the number it dialled. */
function contactOf(call: Rec, byNumber: Map<string, number | null>, count: number): number | undefined {
  const i = int(call.contactIndex);
  if (i !== undefined && i >= 0 && i < count) return i;
  const to = str(call.toNumber) ?? str(call.to);
  const found = to === undefined ? undefined : byNumber.get(to);
  return found ?? undefined;
}

function calledAt(call: Rec): string {
  return str(call.startedAt) ?? str(call.createdAt) ?? '';
}

export function buildResults(campaign: Rec, calls: Rec[]): { rows: ResultRow[]; unfilled: string[] } {
  const contacts = Array.isArray(campaign.contacts) ? (campaign.contacts as Rec[]) : [];
  const progress = Array.isArray(campaign.contactProgress) ? (campaign.contactProgress as Rec[]) : undefined;
  // Every number of every contact; one that two contacts share cannot attribute a call (null).
  const byNumber = new Map<string, number | null>();
  contacts.forEach((c, i) => {
    const alts = Array.isArray(c.contact_attempts) ? (c.contact_attempts as Rec[]) : [];
    for (const n of new Set([str(c.phone_number), ...alts.map((a) => str(a?.phone_number))])) {
      if (n === undefined) continue;
      byNumber.set(n, byNumber.has(n) && byNumber.get(n) !== i ? null : i);
    }
  });
  const mine = calls.filter(
    (c) => campaign.id === undefined || c.campaignId === undefined || c.campaignId === campaign.id,
  );
  const perContact = contacts.map(() => [] as Rec[]);
  for (const call of mine) {
    const i = contactOf(call, byNumber, contacts.length);
    if (i !== undefined) perContact[i].push(call);
  }
  for (const list of perContact)
    list.sort((a, b) => (int(a.attempt) ?? 0) - (int(b.attempt) ?? 0) || calledAt(a).localeCompare(calledAt(b)));
  const anyCalls = perContact.some((l) => l.length > 0);
  // A list no call of the campaign has a value for is unknown (null), not empty.
  const has = (keys: string[]) => perContact.some((l) => l.some((x) => keys.some((k) => str(x[k]) !== undefined)));
  const TO = ['toNumber', 'to'];
  const FROM = ['fromNumber', 'from'];
  const hasTo = has(TO);
  const hasFrom = has(FROM);

  const rows = contacts.map((c, i): ResultRow => {
    const p = progress?.find((x) => x?.contactIndex === i) ?? progress?.[i];
    const list = perContact[i];
    const { phone_number, contact_attempts, ...fields } = c;
    const status = str(p?.status) ?? null;
    const lastCall = list.at(-1);
    const lastOutcome = str(p?.lastOutcome) ?? (lastCall ? str(lastCall.status) : undefined) ?? null;
    const attempts = int(p?.attempts) ?? (anyCalls ? list.length : null);
    const numbers = (keys: string[], known: boolean) =>
      known
        ? [
            ...new Set(
              list.map((x) => keys.map((k) => str(x[k])).find(Boolean)).filter((v): v is string => v !== undefined),
            ),
          ]
        : null;
    return {
      index: i + 1,
      phone_number: str(phone_number) ?? null,
      contact_attempts: Array.isArray(contact_attempts) ? (contact_attempts as Rec[]) : [],
      fields,
      status,
      result: resultOf(status, lastOutcome),
      reached: status === 'completed' || lastOutcome === 'answered' ? true : status === 'failed' ? false : null,
      attempts,
      lastOutcome,
      numbersDialled: numbers(TO, hasTo),
      callerIds: numbers(FROM, hasFrom),
      lastCallAt: lastCall ? calledAt(lastCall) || null : null,
    };
  });
  const unfilled = FILLABLE.filter((k) => rows.length > 0 && rows.every((r) => r[k] === null));
  return { rows, unfilled };
}

/** How a contact ended: answered, or its last call's outcome once out of attempts; pending or calling before. */
function resultOf(status: string | null, lastOutcome: string | null): string {
  if (status === 'completed') return 'answered';
  if (status === 'failed') return lastOutcome ?? 'failed';
  if (status) return status;
  return lastOutcome ?? 'unknown';
}

/** --status: `reached` and `not_reached` stand for answered and every way of ending without an answer. */
export function matchesStatus(row: ResultRow, wanted: string[]): boolean {
  return wanted.some((w) =>
    w === 'reached' ? row.reached === true : w === 'not_reached' ? row.reached === false : row.result === w,
  );
}

/** The contact as `campaigns create --contacts` takes it back: its number, alternatives and free fields. */
export function asContact(row: ResultRow): Rec {
  return {
    phone_number: row.phone_number,
    ...(row.contact_attempts.length ? { contact_attempts: row.contact_attempts } : {}),
    ...row.fields,
  };
}

/** A contact as the columns of a contacts CSV (docs/contacts.md): contact_attempts.N.<field> for alternative N. */
export function contactColumns(contact: Rec): Rec {
  const { phone_number, contact_attempts, ...rest } = contact;
  const out: Rec = { phone_number };
  if (Array.isArray(contact_attempts))
    (contact_attempts as Rec[]).forEach((a, n) => {
      for (const [k, v] of Object.entries(a ?? {})) out[`contact_attempts.${n + 1}.${k}`] = v;
    });
  return { ...out, ...rest };
}

/**
 * The rows as flat CSV records: the contact's own columns first (as a contacts CSV), then the results under
 * `result.`, so that no free field clashes with them. Each number dialled and caller ID is a column of its own
 * (`result.dialled.1`, ...): a cell of several `+` numbers would read as a formula to a spreadsheet.
 */
export function csvRows(rows: ResultRow[]): Rec[] {
  const most = (pick: (r: ResultRow) => string[] | null) => Math.max(0, ...rows.map((r) => pick(r)?.length ?? 0));
  const spread = (prefix: string, list: string[] | null, n: number) =>
    Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}.${i + 1}`, list?.[i] ?? null]));
  const dialled = most((r) => r.numbersDialled);
  const callers = most((r) => r.callerIds);
  const own = rows.map((r) => contactColumns(asContact(r)));
  const keys = [...new Set(own.flatMap((c) => Object.keys(c)))];
  return rows.map((row, i) => ({
    ...Object.fromEntries(keys.map((k) => [k, own[i][k] ?? null])),
    'result.contact': row.index,
    'result.status': row.status,
    'result.outcome': row.result,
    'result.reached': row.reached,
    'result.attempts': row.attempts,
    'result.last_outcome': row.lastOutcome,
    ...spread('result.dialled', row.numbersDialled, dialled),
    ...spread('result.caller_id', row.callerIds, callers),
    'result.last_call_at': row.lastCallAt,
  }));
}

export function listText(v: string[] | null): string {
  return v === null ? '-' : v.map(cell).join(', ');
}
