// CSV header and rows to contacts (reference 2.3): pure, no I/O, no libraries. The phone normaliser is
// passed in so this module stays light and testable with any rule.
import { UsageError } from '../errors.js';
import type { PhoneResult } from './phone.js';

export const DEFAULT_PHONE_COLUMN = 'phone_number';
/** `contact_attempts.N.<field>`: N counts alternatives from 1 (attempt N+1), as the issue's examples do. */
const ATTEMPT_COLUMN = /^contact_attempts\.(\d+)\.(.+)$/;

export interface ColumnOptions {
  phoneColumn?: string;
  attemptColumns?: string[];
  exclude?: string[];
}

export interface AttemptColumns {
  /** Column of the alternative number. */
  phone: number;
  /** Fields that override the contact's for this attempt: column index and field name. */
  overrides: { index: number; field: string }[];
}

export interface ColumnPlan {
  headers: string[];
  phone: number;
  attempts: AttemptColumns[];
  free: { index: number; field: string }[];
}

export interface RowError {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  column: string;
  value: string;
  reason: string;
}

export type PhoneFn = (raw: string) => PhoneResult;

/** A column name for a message, cut to 40 characters (a broken file may have a huge header). */
const short = (n: string) => (n.length > 40 ? `${n.slice(0, 39)}…` : n);

/** Column names for a message: at most 20 of them. */
function list(names: string[]): string {
  const shown = names.slice(0, 20).map((n) => `"${short(n)}"`);
  return `${shown.join(', ')}${names.length > 20 ? ` and ${names.length - 20} more` : ''}`;
}

/** Decides what each column becomes; throws UsageError for a header that cannot work. */
export function planColumns(rawHeaders: string[], opts: ColumnOptions = {}): ColumnPlan {
  const headers = rawHeaders.map((h) => h.replace(/^\uFEFF/, '').trim());
  const seen = new Map<string, number>();
  headers.forEach((h, i) => {
    if (h === '') return;
    if (seen.has(h))
      throw new UsageError(`the header names column "${short(h)}" twice (columns ${seen.get(h)! + 1} and ${i + 1})`);
    seen.set(h, i);
  });
  const present = headers.filter((h) => h !== '');
  const need = (name: string, flag: string) => {
    const i = seen.get(name);
    if (i === undefined)
      throw new UsageError(`${flag}: no column "${name}" in the header`, { hints: [`Columns: ${list(present)}`] });
    return i;
  };
  const phoneName = opts.phoneColumn ?? DEFAULT_PHONE_COLUMN;
  const phone = seen.get(phoneName);
  if (phone === undefined) {
    throw new UsageError(`no "${phoneName}" column in the header`, {
      hints: [
        `Columns: ${list(present)}`,
        opts.phoneColumn
          ? 'Check the name given to --phone-column.'
          : 'Name the column of the main number with --phone-column NAME.',
      ],
    });
  }
  const excluded = new Set<number>();
  for (const name of opts.exclude ?? []) excluded.add(need(name, '--exclude'));
  if (excluded.has(phone)) throw new UsageError(`--exclude: "${phoneName}" is the phone number column`);

  const used = new Set<number>([phone, ...excluded]);
  const attempts: AttemptColumns[] = [];
  const numbered = headers.map((h, i) => ({ i, m: ATTEMPT_COLUMN.exec(h) })).filter((x) => x.m && !excluded.has(x.i));
  if (opts.attemptColumns?.length) {
    if (numbered.length) {
      throw new UsageError(
        `--attempt-columns cannot be combined with contact_attempts.N.* columns (found "${headers[numbered[0].i]}")`,
        {
          hints: ['Use one way of naming the alternatives, or --exclude the other columns.'],
        },
      );
    }
    for (const name of opts.attemptColumns) {
      const i = need(name, '--attempt-columns');
      if (used.has(i))
        throw new UsageError(
          `--attempt-columns: "${name}" is already the phone number column, excluded, or listed twice`,
        );
      used.add(i);
      attempts.push({ phone: i, overrides: [] });
    }
  } else if (numbered.length) {
    const byN = new Map<number, AttemptColumns & { phoneSet: boolean; fields: { index: number; field: string }[] }>();
    for (const { i, m } of numbered) {
      const n = Number(m![1]);
      const field = m![2];
      if (n < 1)
        throw new UsageError(
          `column "${short(headers[i])}": alternatives are numbered from 1 (contact_attempts.1.phone_number is attempt 2)`,
        );
      const a = byN.get(n) ?? { phone: -1, overrides: [], phoneSet: false, fields: [] };
      byN.set(n, a);
      if (field === 'phone_number') {
        a.phone = i;
        a.phoneSet = true;
      } else a.overrides.push({ index: i, field });
      used.add(i);
    }
    for (const n of [...byN.keys()].sort((x, y) => x - y)) {
      const a = byN.get(n)!;
      if (!a.phoneSet)
        throw new UsageError(
          `column "${short(headers[a.overrides[0].index])}" has no matching "contact_attempts.${n}.phone_number" column`,
        );
      attempts.push({ phone: a.phone, overrides: a.overrides });
    }
  }

  // A field named __proto__ would vanish from the contact object (and from JSON built from it): refuse it.
  for (const { i, m } of numbered)
    if (m![2] === '__proto__')
      throw new UsageError(
        `column "${short(headers[i])}": "__proto__" cannot be a field name; rename the column or --exclude it`,
      );
  const free: { index: number; field: string }[] = [];
  headers.forEach((h, i) => {
    if (h === '__proto__' && !used.has(i))
      throw new UsageError(
        'column "__proto__": that name cannot be a contact field; rename the column or --exclude it',
      );
    if (used.has(i) || h === '') return;
    if (h === DEFAULT_PHONE_COLUMN || h === 'contact_attempts') {
      throw new UsageError(`column "${h}" would overwrite the contact's own "${h}" field`, {
        hints: [`Drop it with --exclude ${h}, or choose it with --phone-column.`],
      });
    }
    free.push({ index: i, field: h });
  });
  return { headers, phone, attempts, free };
}

export interface RowResult {
  contact?: Record<string, unknown> & { phone_number: string };
  errors?: RowError[];
}

/** Name of a column for messages: its header, or its position when the header has none there. */
export function columnName(plan: ColumnPlan, i: number): string {
  return plan.headers[i] || `column ${i + 1}`;
}

/** True when every cell is empty: a blank line, skipped (it still counts as a row). */
export function isBlank(cells: string[]): boolean {
  for (const c of cells) if (c.trim() !== '') return false;
  return true;
}

/** One data row to a contact. Cells are trimmed; empty ones are left out of the contact, never sent as "". */
export function rowToContact(plan: ColumnPlan, cells: string[], row: number, phone: PhoneFn): RowResult {
  let errors: RowError[] | undefined;
  const fail = (i: number, value: string, reason: string) =>
    (errors ??= []).push({ row, column: columnName(plan, i), value, reason });

  const mainRaw = (cells[plan.phone] ?? '').trim();
  let main: string | undefined;
  if (mainRaw === '') fail(plan.phone, '', 'the main phone number is empty');
  else {
    const r = phone(mainRaw);
    if (r.ok) main = r.e164;
    else fail(plan.phone, mainRaw, r.reason);
  }
  const contact: Record<string, unknown> & { phone_number: string } = { phone_number: main ?? '' };
  for (const { index, field } of plan.free) {
    const v = cells[index];
    if (v === undefined) continue;
    const t = v.trim();
    if (t !== '') contact[field] = t;
  }
  let attempts: Record<string, string>[] | undefined;
  for (const a of plan.attempts) {
    const raw = (cells[a.phone] ?? '').trim();
    if (raw === '') {
      const stray = a.overrides.find((o) => (cells[o.index] ?? '').trim() !== '');
      if (stray)
        fail(
          stray.index,
          cells[stray.index].trim(),
          `a value for an attempt without a number: "${columnName(plan, a.phone)}" is empty`,
        );
      continue;
    }
    const r = phone(raw);
    if (!r.ok) {
      fail(a.phone, raw, r.reason);
      continue;
    }
    const entry: Record<string, string> = { phone_number: r.e164 };
    for (const o of a.overrides) {
      const t = (cells[o.index] ?? '').trim();
      if (t !== '') entry[o.field] = t;
    }
    (attempts ??= []).push(entry);
  }
  if (attempts) contact.contact_attempts = attempts;
  for (let i = plan.headers.length; i < cells.length; i++) {
    const t = cells[i].trim();
    if (t !== '')
      fail(
        i,
        t,
        `a value past the last column of the header (${plan.headers.length} columns): quote values that contain the delimiter`,
      );
  }
  return errors ? { errors } : { contact };
}

/** Collects row errors: all are counted, the first `keep` are kept for the report. */
export class ErrorLog {
  readonly first: RowError[] = [];
  count = 0;
  rows = 0;
  constructor(readonly keep = 20) {}
  addRow(errors: RowError[]): void {
    this.rows++;
    for (const e of errors) {
      this.count++;
      if (this.first.length < this.keep) this.first.push(e);
    }
  }
  /** One line per kept error, then how many more. */
  lines(): string[] {
    const out = this.first.map(formatRowError);
    if (this.count > this.first.length)
      out.push(`… and ${this.count - this.first.length} more error${this.count - this.first.length === 1 ? '' : 's'}`);
    return out;
  }
  summary(what = 'row'): string {
    return `${this.count} error${this.count === 1 ? '' : 's'} in ${this.rows} ${what}${this.rows === 1 ? '' : 's'}`;
  }
}

export function formatRowError(e: RowError): string {
  const value = e.value.length > 40 ? `${e.value.slice(0, 39)}…` : e.value;
  return `row ${e.row}, ${e.column} ${JSON.stringify(value)}: ${e.reason}`;
}

export const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter of a CSV from its first line: whichever of , ; tab | occurs most often outside quotes
 * (ties go to the earlier one in that list; a one-column file is ","). Excel writes ";" where the decimal
 * separator is a comma, and "Unicode text" exports use tabs.
 */
export function detectDelimiter(head: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < head.length; i++) {
    const ch = head[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best: string = ',';
  let max = 0;
  for (const [d, n] of counts) if (n > max) [best, max] = [d, n];
  return best;
}
