// CSV header and rows to contacts (reference 2.3): pure, no I/O, no libraries. The phone normaliser is
// passed in so this module stays light and testable with any rule.
import { UsageError } from '../errors.js';
import { truncate } from '../io/format.js';
import { shellWord } from '../io/shell.js';
import type { PhoneResult } from './phone.js';

const DEFAULT_PHONE_COLUMN = 'phone_number';
/** `contact_attempts.N.<field>`: N counts alternatives from 1 (attempt N+1), as the issue's examples do. */
const ATTEMPT_COLUMN = /^contact_attempts\.(\d+)\.(.+)$/;

export interface ColumnOptions {
  /** Columns of the main number in order of preference: the first non-empty one wins. */
  phoneColumn?: string[];
  /** Columns that name each row's country (--country-column); ['none']: none does. */
  countryColumn?: string[];
  /**
   * A header with no phone column by name is planned without one, the error kept as `missing`: the caller looks for
   * the numbers in the values (csv.ts), and throws it when none are there.
   */
  phonesByValues?: boolean;
  attemptColumns?: string[];
  exclude?: string[];
}

interface AttemptColumns {
  /** Column of the alternative number. */
  phone: number;
  /** Fields that override the contact's for this attempt: column index and field name. */
  overrides: { index: number; field: string }[];
}

export interface ColumnPlan {
  headers: string[];
  /** Columns of the main number, in order of preference (never empty). */
  phones: number[];
  attempts: AttemptColumns[];
  free: { index: number; field: string }[];
  /**
   * Columns the header leaves unnamed and no flag uses: fine while empty (a spreadsheet's trailing ",,"), but a
   * value in one is data the user expects to arrive, and it has no field to go to (see unnamedColumnError).
   */
  unnamed: number[];
  /** The phone columns were found by their names (no --phone-column, no phone_number column). */
  discovered?: boolean;
  /** The columns --country-column names (empty for `none`); undefined: found by their names or values. */
  countries?: number[];
  /** No phone column by name (phonesByValues): the error, unless the values show one. */
  missing?: MissingInputError;
  /** The phone columns were found by their values: how many of their sampled cells read as numbers. */
  byValues?: { numbers: number; cells: number };
  /**
   * Google's pairs: a number column ("Phone 1 - Value") and the column of its label on each row ("Phone 1 - Type",
   * "Phone 1 - Label"). A fax or pager label leaves that row's number out; a mobile label puts it first.
   */
  labels?: Map<number, number>;
}

export interface RowError {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  column: string;
  value: string;
  reason: string;
  /** The number needs --default-country. */
  need?: 'country';
  /** The flag that reads the number (`--without-plus national`). */
  fix?: string;
}

/**
 * A file that converts once the user supplies what a flag gives: the phone column (none found by name) or
 * the country of national numbers. On a terminal, walkthrough.ts asks for it instead of naming a flag.
 */
export class MissingInputError extends UsageError {
  constructor(
    message: string,
    opts: { hints?: string[] },
    readonly need: { phoneColumn: string[] } | { country: true; suggest?: string },
  ) {
    super(message, opts);
  }
}

/** A phone cell's number; `column` is the cell's column, whose other cells may decide how it reads. */
export type PhoneFn = (raw: string, column: number) => PhoneResult;

/**
 * A phone cell that says "no number" the way spreadsheets and CRMs write it: a dash, "n/a", Excel's "#N/A",
 * "none", "null", "?", ".", also behind a text marker (Odoo exports an empty phone as "'-"). Read as an empty cell: a contact is not lost over a placeholder in its second column.
 */
const PLACEHOLDER = /^'?(?:-+|\u2014|\u2013|n\/?a|#n\/a|none|null|\?+|\.)$/i;
/** After the reason a number of an alternative column fails: the rule stays, and the message says what it costs. */
const ALTERNATIVE_FAILS =
  '; an alternative number, but the whole contact is left out with it (fix the cell, or leave the column out)';

/** A column name for a message, cut to 40 characters (a broken file may have a huge header). */
const short = (n: string) => truncate(n, 40, { keep: 39 });

/**
 * Header names that hold phone numbers, in the languages of the exports we meet (English, Italian, German, French,
 * Spanish, Portuguese, Dutch, the Nordic languages, Polish, Turkish, Japanese, Arabic, Chinese, Korean) and
 * Google's ("Phone 1 - Value") and Outlook's ("Mobile Phone", "Business Phone") own names.
 * Ranked: mobiles first, then general, work, home, other. Not fax, pager, telex, ISDN, TTY, callback or
 * assistant lines (Salesforce's "Asst. Phone"), not emergency contacts ("Emergency Phone", "ICE": another
 * person), not extension columns ("Phone Ext", "Interno": not a number on their own), nor Google's
 * "Phone 1 - Type"/"Label" columns or "Phonetic ..." names. Scripts without spaces between words (Japanese,
 * Chinese) and Arabic are matched anywhere in the name.
 */
const MOBILE_WORDS =
  'mobile?|cell\\w*|handy\\w*|mobil\\w*|portable|movil|celular|telemovel|mobiel|gsm|matkapuhelin|kannykka|komorka|cep tel\\w*';
const PHONE_LIKE = new RegExp(
  `\\b(?:phone|${MOBILE_WORDS}|tel|tele(?:phone|fono|fone|foon)|telefon\\w*|fone|tlf|puhelin\\w*|puh|rufnummer|numero di telefono|num(?:ero)? (?:de )?tel\\w*|numer telefonu)\\b|電話|携帯|ケータイ|手机|電話番号|휴대폰|전화|هاتف|جوال|موبايل|الهاتف`,
);
const NOT_PHONE =
  /\b(?:fax|type|label|typ|tipo|telex|isdn|tty|pager|cercapersone|callback|assistant'?s?|asst|assistente|emergency|emergenza|ice|ext|extension|interno|durchwahl|radio|e-?mail|toestel|wewnetrzny|dahili|anexo|ramal)\b|内線|ファックス|ＦＡＸ|فاكس/;
const RANKS: RegExp[] = [
  new RegExp(`\\b(?:${MOBILE_WORDS})\\b|携帯|ケータイ|手机|휴대폰|جوال|موبايل|محمول`),
  /\b(?:primary|value)\b|^(?:phone|tel|telefono|telefon|telephone|phone number|numero|telefoon|puhelin|telefone)$/,
  /\b(?:business|work|office|company|ufficio|lavoro|gesch\w*|buro|bureau|travail|dienst\w*|trabajo|oficina|empresa|werk|kantoor|arbete|tyo|praca|is tel\w*)\b|会社|勤務先/,
  /\b(?:home|casa|privat\w*|domicile|maison|abitazione|thuis|hem|koti|dom|ev)\b|自宅/,
];

/** A column named for mobiles ("Mobile Phone", "Móvil", "Cellulare", "Handy"): its numbers are mobiles. */
export function isMobileColumn(header: string): boolean {
  return RANKS[0].test(fold(header));
}

/**
 * Column `i`'s filled cells among `rows` (trimmed), and how many of them `test` holds for: what a column is taken
 * for by its values (phone numbers, countries) is decided by that share.
 */
export function cellsWhere(rows: string[][], i: number, test: (v: string) => boolean): { cells: number; hits: number } {
  let cells = 0;
  let hits = 0;
  for (const row of rows) {
    const v = (row[i] ?? '').trim();
    if (v === '') continue;
    cells++;
    if (test(v)) hits++;
  }
  return { cells, hits };
}

/** A column name as its lists match it: lower case, accents dropped, "_" and "." as spaces, trimmed. */
export function fold(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_.]+/g, ' ')
    .trim();
}

/** Indexes of the phone-like columns, best first (position breaks ties). */
function phoneLikeColumns(headers: string[]): number[] {
  const found: { i: number; rank: number }[] = [];
  headers.forEach((h, i) => {
    const f = fold(h);
    // A name holding a delimiter is a header split with the wrong one: not a column to read numbers from.
    if (f === '' || /[,;\t|]/.test(f) || !PHONE_LIKE.test(f) || NOT_PHONE.test(f)) return;
    const rank = RANKS.findIndex((r) => r.test(f));
    found.push({ i, rank: rank < 0 ? RANKS.length : rank });
  });
  return found.sort((a, b) => a.rank - b.rank || a.i - b.i).map((x) => x.i);
}

/** Column names for a message: phone-like ones first, whatever their position; at most 20 of them. */
function list(headers: string[]): string {
  const like = phoneLikeColumns(headers);
  const rest = headers.map((_, i) => i).filter((i) => headers[i] !== '' && !like.includes(i));
  const names = [...like, ...rest].map((i) => headers[i]);
  const shown = names.slice(0, 20).map((n) => `"${short(n)}"`);
  return `${shown.join(', ')}${names.length > 20 ? ` and ${names.length - 20} more` : ''}`;
}

/** "twice (columns 2 and 3)", "3 times (columns 2, 5 and 9)". */
function times(at: number[]): string {
  const cols = at.map((i) => i + 1);
  return `${at.length === 2 ? 'twice' : `${at.length} times`} (columns ${cols.slice(0, -1).join(', ')} and ${cols[cols.length - 1]})`;
}

/** "#3": the third column, for headers that repeat a name or have none. */
const POSITION = /^#(\d+)$/;

/** A header's names and positions, and the lookup of a column named by a flag (by name or '#N'). */
class Header {
  readonly headers: string[];
  readonly positions = new Map<string, number[]>();
  private readonly utf16: string;

  constructor(raw: string[]) {
    this.headers = raw.map((h) => h.replace(/^\uFEFF/, '').trim());
    this.headers.forEach((h, i) => {
      if (h !== '') this.positions.set(h, [...(this.positions.get(h) ?? []), i]);
    });
    // A UTF-16 file without a byte-order mark reads as UTF-8 with a NUL after each letter ("p\x00h\x00o..."): the
    // encoding is the problem, not the column names, so the hint says so.
    this.utf16 = this.headers.some((h) => /^(?:[^\0]\0)+[^\0]?$|^\0(?:[^\0]\0?)+$/.test(h))
      ? ' (NUL characters between the letters: the file looks like UTF-16 without a byte-order mark; pass --encoding utf-16le, or utf-16be)'
      : '';
  }

  columnsHint(): string {
    return `Columns: ${list(this.headers)}${this.utf16}`;
  }

  /** The column a flag names; a UsageError naming the flag when there is none, or more than one. */
  need(name: string, flag: string): number {
    const { headers } = this;
    const pos = POSITION.exec(name);
    if (pos) {
      const i = Number(pos[1]) - 1;
      if (i < 0 || i >= headers.length)
        throw new UsageError(`${flag}: "${name}": the header has columns #1 to #${headers.length}`);
      return i;
    }
    const at = this.positions.get(name);
    if (at === undefined) throw this.noColumn(name, flag);
    if (at.length > 1)
      throw new UsageError(
        `${flag}: the header names "${short(name)}" ${times(at)}: name one by its position, e.g. '#${at[0] + 1}'`,
      );
    return at[0];
  }

  private noColumn(name: string, flag: string): UsageError {
    const { headers } = this;
    // The flags take comma-separated lists: a column whose own name holds a comma arrives in pieces.
    const comma = headers.findIndex((h) => h.includes(',') && h.split(',').some((p) => p.trim() === name.trim()));
    const hint =
      comma >= 0
        ? `"${short(headers[comma])}" has a comma in its name, and ${flag} splits its list at commas: name that column by its position, '#${comma + 1}'.`
        : flag === '--phone-column'
          ? 'Check the name given to --phone-column.'
          : undefined;
    return new UsageError(`${flag}: no column "${short(name)}" in the header`, {
      hints: [this.columnsHint(), ...(hint ? [hint] : [])],
    });
  }

  /** --exclude: by name it drops every column of that name (the way out of a header that repeats one). */
  excluded(names: string[] = []): Set<number> {
    const out = new Set<number>();
    for (const name of names) {
      const at = POSITION.test(name) ? undefined : this.positions.get(name);
      if (at) for (const i of at) out.add(i);
      else out.add(this.need(name, '--exclude'));
    }
    return out;
  }
}

/** The columns of the main number: --phone-column, else phone_number, else the columns named like a phone. */
function mainColumns(
  h: Header,
  opts: ColumnOptions,
  excluded: Set<number>,
): { phones: number[]; discovered: boolean; missing?: MissingInputError } {
  let phones: number[];
  let discovered = false;
  if (opts.phoneColumn?.length) {
    phones = opts.phoneColumn.map((n) => h.need(n, '--phone-column'));
    if (new Set(phones).size < phones.length) throw new UsageError('--phone-column: a column is listed twice');
  } else if (h.positions.has(DEFAULT_PHONE_COLUMN)) {
    phones = [h.need(DEFAULT_PHONE_COLUMN, 'phone_number')];
  } else {
    phones = phoneLikeColumns(h.headers).filter((i) => !excluded.has(i) && !ATTEMPT_COLUMN.test(h.headers[i]));
    discovered = true;
    if (phones.length === 0) {
      const missing = new MissingInputError(
        `no "${DEFAULT_PHONE_COLUMN}" column in the header, and no column named like a phone`,
        { hints: [h.columnsHint(), 'Name the column of the main number with --phone-column NAME.'] },
        { phoneColumn: h.headers.filter((x) => x !== '') },
      );
      if (!opts.phonesByValues) throw missing;
      return { phones, discovered, missing };
    }
  }
  for (const i of phones)
    if (excluded.has(i)) throw new UsageError(`--exclude: "${h.headers[i]}" is a phone number column`);
  return { phones, discovered };
}

/** The alternatives' columns: --attempt-columns, or contact_attempts.N.* columns. Marks them `used`. */
function attemptColumns(h: Header, opts: ColumnOptions, excluded: Set<number>, used: Set<number>): AttemptColumns[] {
  const numbered = h.headers
    .map((name, i) => ({ i, m: ATTEMPT_COLUMN.exec(name) }))
    .filter((x) => x.m && !excluded.has(x.i));
  // A field named __proto__ would vanish from the contact object (and from JSON built from it): refuse it.
  for (const { i, m } of numbered)
    if (m![2] === '__proto__')
      throw new UsageError(
        `column "${short(h.headers[i])}": "__proto__" cannot be a field name; rename the column or --exclude it`,
      );
  if (!opts.attemptColumns?.length) return numberedAttempts(h, numbered as { i: number; m: RegExpExecArray }[], used);
  if (numbered.length)
    throw new UsageError(
      `--attempt-columns cannot be combined with contact_attempts.N.* columns (found "${h.headers[numbered[0].i]}")`,
      { hints: ['Use one way of naming the alternatives, or --exclude the other columns.'] },
    );
  return opts.attemptColumns.map((name) => {
    const i = h.need(name, '--attempt-columns');
    if (used.has(i))
      throw new UsageError(
        `--attempt-columns: "${name}" is already the phone number column, excluded, or listed twice`,
      );
    used.add(i);
    return { phone: i, overrides: [] };
  });
}

/** contact_attempts.N.phone_number and contact_attempts.N.<field> columns, by N. */
function numberedAttempts(
  h: Header,
  numbered: { i: number; m: RegExpExecArray }[],
  used: Set<number>,
): AttemptColumns[] {
  const byN = new Map<number, AttemptColumns & { phoneSet: boolean }>();
  for (const { i, m } of numbered) {
    const n = Number(m[1]);
    if (n < 1)
      throw new UsageError(
        `column "${short(h.headers[i])}": alternatives are numbered from 1 (contact_attempts.1.phone_number is attempt 2)`,
      );
    const a = byN.get(n) ?? { phone: -1, overrides: [], phoneSet: false };
    byN.set(n, a);
    if (m[2] === 'phone_number') {
      a.phone = i;
      a.phoneSet = true;
    } else a.overrides.push({ index: i, field: m[2] });
    used.add(i);
  }
  return [...byN.keys()]
    .sort((x, y) => x - y)
    .map((n) => {
      const a = byN.get(n)!;
      if (!a.phoneSet)
        throw new UsageError(
          `column "${short(h.headers[a.overrides[0].index])}" has no matching "contact_attempts.${n}.phone_number" column`,
        );
      return { phone: a.phone, overrides: a.overrides };
    });
}

/** The other columns: free fields, or unnamed ones; a name the header repeats, or a reserved one, is refused. */
function freeColumns(h: Header, used: Set<number>): Pick<ColumnPlan, 'free' | 'unnamed'> {
  // A name the header repeats cannot be one field of a contact: say which, and the ways out.
  for (const [name, at] of h.positions) {
    if (at.filter((i) => !used.has(i)).length < 2) continue;
    throw new UsageError(`the header names column "${short(name)}" ${times(at)}`, {
      hints: [
        `Leave them out with --exclude ${shellWord(name)}, or name each by its position: --phone-column '#${at[0] + 1}', --exclude '#${at[at.length - 1] + 1}'.`,
      ],
    });
  }
  const free: { index: number; field: string }[] = [];
  const unnamed: number[] = [];
  h.headers.forEach((name, i) => {
    if (used.has(i)) return;
    if (name === '__proto__')
      throw new UsageError(
        'column "__proto__": that name cannot be a contact field; rename the column or --exclude it',
      );
    if (name === '') unnamed.push(i);
    else if (name === DEFAULT_PHONE_COLUMN || name === 'contact_attempts')
      throw new UsageError(`column "${name}" would overwrite the contact's own "${name}" field`, {
        hints: [`Drop it with --exclude ${name}, or choose it with --phone-column.`],
      });
    else free.push({ index: i, field: name });
  });
  return { free, unnamed };
}

/** Decides what each column becomes; throws UsageError for a header that cannot work. */
export function planColumns(rawHeaders: string[], opts: ColumnOptions = {}): ColumnPlan {
  const h = new Header(rawHeaders);
  const excluded = h.excluded(opts.exclude);
  const { phones, discovered, missing } = mainColumns(h, opts, excluded);
  const used = new Set<number>([...phones, ...excluded]);
  const attempts = attemptColumns(h, opts, excluded, used);
  const { free, unnamed } = freeColumns(h, used);
  const labels = labelColumns(h.headers, [
    ...phones,
    ...attempts.filter((a) => !a.overrides.length).map((a) => a.phone),
  ]);
  const countries = countryColumns(h, opts.countryColumn);
  return {
    headers: h.headers,
    phones,
    attempts,
    free,
    unnamed,
    ...(countries ? { countries } : {}),
    ...(missing ? { missing } : {}),
    ...(discovered ? { discovered } : {}),
    ...(labels.size ? { labels } : {}),
  };
}

/** The plan of a header without a phone column by name, with the columns whose values are phone numbers. */
export function withPhonesByValues(plan: ColumnPlan, phones: number[], byValues: ColumnPlan['byValues']): ColumnPlan {
  const { missing: _, ...rest } = plan;
  return { ...rest, phones, free: plan.free.filter((f) => !phones.includes(f.index)), byValues };
}

/** --country-column: the columns it names, none for `none`, or undefined (found by their names or values). */
function countryColumns(h: Header, names: string[] | undefined): number[] | undefined {
  if (!names) return undefined;
  if (names.length === 1 && names[0].toLowerCase() === 'none') return [];
  return names.map((n) => h.need(n, '--country-column'));
}

/** For each number column "X - Value" among `cols`, the column "X - Type" or "X - Label" when the header has one. */
function labelColumns(headers: string[], cols: number[]): Map<number, number> {
  const out = new Map<number, number>();
  const folded = headers.map((h) => h.toLowerCase().replace(/\s+/g, ' '));
  for (const i of cols) {
    const m = /^(.+) - value$/.exec(folded[i]);
    if (!m) continue;
    const at = folded.findIndex((h) => h === `${m[1]} - type` || h === `${m[1]} - label`);
    if (at >= 0) out.set(i, at);
  }
  return out;
}

/** A row's label that says the number is not one to call: a fax, a pager, someone else's line. */
const NOT_CALLED_LABEL =
  /\b(?:fax|telefax|pager|cercapersone|piepser|assistant'?s?|asst|assistente|emergency|emergenza)\b/;

/**
 * A value in a column the header leaves unnamed: it has no field to go to, and dropping it would lose data the user
 * expects to arrive. A question about the file, not one row: the whole file is refused (--skip-invalid included).
 */
export function unnamedColumnError(plan: ColumnPlan, i: number, row: number, value: string, label: string): UsageError {
  const named = (k: number) => plan.headers[k] !== '';
  let left = i - 1;
  while (left >= 0 && !named(left)) left--;
  let right = i + 1;
  while (right < plan.headers.length && !named(right)) right++;
  const name = (k: number) => `"${short(plan.headers[k])}"`;
  const where =
    left >= 0 && right < plan.headers.length
      ? `between ${name(left)} and ${name(right)}`
      : left >= 0
        ? `after ${name(left)}`
        : right < plan.headers.length
          ? `before ${name(right)}`
          : 'the header names no column';
  return new UsageError(
    `${label}: column ${i + 1} (${where}) has no name in the header, but row ${row} has a value there: ${JSON.stringify(short(value))}`,
    {
      hints: [
        `Name the column in the header (the name becomes a field of every contact), or remove the column from the file (or leave it out with --exclude '#${i + 1}').`,
        'This is about the whole file, not one row: --skip-invalid does not skip it. Nothing was written or sent.',
      ],
    },
  );
}

/**
 * C0 controls other than TAB, LF and CR (a quoted cell may hold line breaks), DEL and the C1 controls: never text a
 * person typed (a binary file, a broken export, or an attempt to reach a terminal or a log), so never sent.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Why a cell or JSON string may not be sent (its first control character as U+XXXX), or undefined when it may. */
export function controlCharacterReason(value: string): string | undefined {
  const m = CONTROL.exec(value);
  if (!m) return undefined;
  const code = m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  return `holds the control character U+${code} at position ${m.index + 1}: text may hold tabs and line breaks, no other control characters`;
}

/** The columns whose cells reach a contact: the phone, attempt and override columns and the free fields. */
const readColumns = new WeakMap<ColumnPlan, number[]>();
function columnsRead(plan: ColumnPlan): number[] {
  let cols = readColumns.get(plan);
  if (!cols) {
    cols = [
      ...plan.phones,
      ...plan.attempts.flatMap((a) => [a.phone, ...a.overrides.map((o) => o.index)]),
      ...plan.free.map((f) => f.index),
    ].sort((a, b) => a - b);
    readColumns.set(plan, cols);
  }
  return cols;
}

export interface RowResult {
  contact?: Record<string, unknown> & { phone_number: string };
  errors?: RowError[];
  /** Accepted with a remark (an extension left out, a toll-free number): one line each. */
  warnings?: RowError[];
  /** Column of the main number (the first non-empty phone column). */
  phoneColumn: number;
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

/** One data row on its way to a contact: its errors and remarks as they are found. */
class RowReader {
  errors?: RowError[];
  warnings?: RowError[];
  /** The main number, once read (an alternative's error then says the contact is left out because of it). */
  main?: string;
  /** Phone columns left out by their row's label (a fax), for the error when no number is left. */
  readonly leftOut: { i: number; text: string }[] = [];

  constructor(
    readonly plan: ColumnPlan,
    readonly cells: string[],
    readonly row: number,
    private readonly phone: PhoneFn,
  ) {}

  fail(i: number, value: string, reason: string, need?: 'country', fix?: string): void {
    (this.errors ??= []).push({
      row: this.row,
      column: columnName(this.plan, i),
      value,
      reason,
      ...(need ? { need } : {}),
      ...(fix ? { fix } : {}),
    });
  }

  /** A phone cell, trimmed; "" when it holds no number ("", or a placeholder such as "-", "n/a", "#N/A"). */
  phoneCell(i: number): string {
    const t = (this.cells[i] ?? '').trim();
    return PLACEHOLDER.test(t) ? '' : t;
  }

  /** The numbers of one cell, each checked on its own. `alt`: the cell holds alternatives. */
  numbers(i: number, raw: string, alt = false): string[] {
    const out: string[] = [];
    const parts = splitNumbers(raw);
    parts.forEach((part, k) => {
      const r = this.phone(part, i);
      if (!r.ok) {
        const what =
          parts.length > 1 ? `number ${k + 1} of ${parts.length} in the cell, ${JSON.stringify(part)}: ` : '';
        this.fail(i, raw, what + r.reason + (alt && this.main !== undefined ? ALTERNATIVE_FAILS : ''), r.need, r.fix);
        return;
      }
      out.push(r.e164);
      for (const w of r.warnings ?? [])
        (this.warnings ??= []).push({ row: this.row, column: columnName(this.plan, i), value: part, reason: w });
    });
    return out;
  }

  /** A control character is checked first: the cell is not text, and no other rule should read it as such. */
  checkControls(): boolean {
    for (const i of columnsRead(this.plan)) {
      const v = this.cells[i];
      const reason = v === undefined ? undefined : controlCharacterReason(v);
      if (reason) this.fail(i, v, reason);
    }
    return this.errors === undefined;
  }

  /** False when the row's label for column `i` says its number is not one to call (a fax): left out, with a remark. */
  labelled(i: number): boolean {
    const at = this.plan.labels?.get(i);
    const label = at === undefined ? '' : (this.cells[at] ?? '').trim();
    if (label === '' || !NOT_CALLED_LABEL.test(fold(label))) return true;
    const raw = this.phoneCell(i);
    if (raw !== '') {
      const why = `labelled ${JSON.stringify(label)} in "${short(columnName(this.plan, at!))}"`;
      this.leftOut.push({ i, text: `"${short(columnName(this.plan, i))}" ${why}` });
      (this.warnings ??= []).push({
        row: this.row,
        column: columnName(this.plan, i),
        value: raw,
        reason: `left out: ${why}: fax, pager and assistant numbers are never called`,
      });
    }
    return false;
  }

  /**
   * Google's labels, row by row: a fax or pager number is left out (with a remark), a mobile comes first when the
   * columns were found by their names (a --phone-column list keeps the order given).
   */
  phoneColumns(): number[] {
    const { plan } = this;
    if (!plan.labels) return plan.phones;
    const phones = plan.phones.filter((i) => this.labelled(i));
    if (!plan.discovered) return phones;
    const mobile = (i: number) => {
      const at = plan.labels?.get(i);
      return at !== undefined && RANKS[0].test(fold(this.cells[at] ?? '')) ? 0 : 1;
    };
    return [...phones].sort((a, b) => mobile(a) - mobile(b));
  }

  /** The error of a row without a main number: every number left out by its label, a placeholder, or empty cells. */
  noMainNumber(mainCol: number): void {
    const { plan } = this;
    if (this.leftOut.length) {
      const first = this.leftOut[0].i;
      this.fail(
        first,
        this.phoneCell(first),
        `no number to call: ${this.leftOut.map((l) => l.text).join(', ')}; fax, pager and assistant numbers are never called`,
      );
      return;
    }
    const placeholder = (this.cells[mainCol] ?? '').trim();
    const others = plan.phones
      .slice(1)
      .map((i) => `"${short(columnName(plan, i))}"`)
      .join(', ');
    const more = plan.phones.length > 1;
    this.fail(
      mainCol,
      placeholder,
      placeholder
        ? `no main phone number: ${JSON.stringify(placeholder)} stands for none${more ? ` (and ${others} ${plan.phones.length > 2 ? 'hold' : 'holds'} none either)` : ''}`
        : more
          ? `the main phone number is empty (and so are ${others})`
          : 'the main phone number is empty',
    );
  }

  /** The numbers of the attempt columns, each with its per-attempt fields. */
  attempts(): Record<string, string>[] {
    const out: Record<string, string>[] = [];
    for (const a of this.plan.attempts) {
      if (!a.overrides.length && this.plan.labels?.has(a.phone) && !this.labelled(a.phone)) continue;
      const raw = this.phoneCell(a.phone);
      if (raw === '') {
        const stray = a.overrides.find((o) => (this.cells[o.index] ?? '').trim() !== '');
        if (stray)
          this.fail(
            stray.index,
            this.cells[stray.index].trim(),
            `a value for an attempt without a number: "${columnName(this.plan, a.phone)}" is empty`,
          );
        continue;
      }
      for (const e164 of this.numbers(a.phone, raw, true)) {
        if (this.repeats(a.phone, raw, e164, out)) continue;
        const entry: Record<string, string> = { phone_number: e164 };
        for (const o of a.overrides) {
          const t = (this.cells[o.index] ?? '').trim();
          if (t !== '') entry[o.field] = t;
        }
        out.push(entry);
      }
    }
    return out;
  }

  /**
   * An attempt whose number is the main number or an earlier attempt's: dialling it again is calling the same
   * person twice in a row, so it is left out, with a remark.
   */
  repeats(i: number, raw: string, e164: string, earlier: Record<string, string>[]): boolean {
    const same =
      e164 === this.main
        ? 'the main number'
        : earlier.some((a) => a.phone_number === e164)
          ? 'an earlier attempt'
          : undefined;
    if (same) this.repeated(i, raw, same);
    return same !== undefined;
  }

  /** The remark of a number left out because the contact has it already (one wording, so that rows group). */
  repeated(i: number, raw: string, same: string): void {
    (this.warnings ??= []).push({
      row: this.row,
      column: columnName(this.plan, i),
      value: raw,
      reason: `left out: already ${same} of this contact, and not called twice`,
    });
  }

  /**
   * The other numbers of the main cell and of the other phone columns, after the attempt columns' (`attempts`): each
   * once, a number the contact already has left out with a remark.
   */
  addExtra(extra: { e164: string; i: number; raw: string }[], attempts: Record<string, string>[]): void {
    if (!extra.length) return;
    const dialled = new Set([this.main, ...attempts.map((a) => a.phone_number)]);
    for (const x of extra) {
      if (dialled.has(x.e164)) {
        this.repeated(x.i, x.raw, x.e164 === this.main ? 'the main number' : 'an earlier attempt');
        continue;
      }
      dialled.add(x.e164);
      attempts.push({ phone_number: x.e164 });
    }
  }

  /** Values past the header's last column: a delimiter inside an unquoted cell, most likely. */
  checkTrailing(): void {
    for (let i = this.plan.headers.length; i < this.cells.length; i++) {
      const t = this.cells[i].trim();
      if (t !== '')
        this.fail(
          i,
          t,
          `a value past the last column of the header (${this.plan.headers.length} columns): quote values that contain the delimiter`,
        );
    }
  }
}

/** The free fields of a row: its trimmed cells, empty ones left out (never sent as ""). */
function freeFields(plan: ColumnPlan, cells: string[], contact: Record<string, unknown>): void {
  for (const { index, field } of plan.free) {
    const v = cells[index];
    if (v === undefined) continue;
    const t = v.trim();
    if (t !== '') contact[field] = t;
  }
}

/**
 * One data row to a contact. Cells are trimmed; empty ones are left out of the contact, never sent as "".
 * The main number is the first number of the first non-empty phone column; the other numbers of that cell
 * (Google's "a ::: b"), then those of the other phone columns, become attempts after those of the attempt
 * columns.
 */
export function rowToContact(plan: ColumnPlan, cells: string[], row: number, phone: PhoneFn): RowResult {
  const r = new RowReader(plan, cells, row, phone);
  if (!r.checkControls()) return { errors: r.errors, phoneColumn: plan.phones[0] };
  const phones = r.phoneColumns();
  const mainCol = phones.find((i) => r.phoneCell(i) !== '') ?? phones[0] ?? plan.phones[0];
  // Every number of the row left out by its label: none to call (never the fax in its place).
  const mainRaw = phones.length ? r.phoneCell(mainCol) : '';
  const extra: { e164: string; i: number; raw: string }[] = [];
  if (mainRaw === '') r.noMainNumber(mainCol);
  else {
    const [main, ...more] = r.numbers(mainCol, mainRaw);
    r.main = main;
    for (const e164 of more) extra.push({ e164, i: mainCol, raw: mainRaw });
  }
  const contact: Record<string, unknown> & { phone_number: string } = { phone_number: r.main ?? '' };
  freeFields(plan, cells, contact);
  const attempts = r.attempts();
  // The other numbers of the main cell, then those of the other phone columns (in their order), as attempts:
  // a person's numbers are never dropped, and never repeated.
  for (const i of phones) {
    const raw = i === mainCol ? '' : r.phoneCell(i);
    if (raw !== '') for (const e164 of r.numbers(i, raw, true)) extra.push({ e164, i, raw });
  }
  r.addExtra(extra, attempts);
  if (attempts.length) contact.contact_attempts = attempts;
  r.checkTrailing();
  if (r.errors) return { errors: r.errors, phoneColumn: mainCol };
  return r.warnings ? { contact, warnings: r.warnings, phoneColumn: mainCol } : { contact, phoneColumn: mainCol };
}

/**
 * The numbers of one cell: Google Contacts joins a person's numbers with " ::: ", other exports with a line
 * break, ";" or ",". Never glued together: each is read on its own, in order.
 */
const MULTI = /\s*(?::::|[\r\n;,|])\s*/;
/** " / " between two numbers; see splitSlashes. */
const SLASH = /\s+\/\s+/;
/**
 * A number a spreadsheet turned into scientific notation, with a decimal comma too ("4,47712E+11"): one damaged
 * number, not two numbers joined by a comma (phone.ts names the damage).
 */
export const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?e\+?\d+$/i;
/** Digits a side of " / " needs to be a number of its own: "0151 / 23456780" is one German number, area code apart. */
const SLASH_PART_DIGITS = 7;
const digitCount = (s: string) => s.replace(/\D/g, '').length;

export function splitNumbers(cell: string): string[] {
  // A character class first: the common cell holds one number, and this test is on every row's path.
  if (!/[:\r\n;,|/]/.test(cell) || SCIENTIFIC.test(cell.trim())) return [cell];
  const pieces = splitSlashes(cell);
  if (pieces.length === 1 && !MULTI.test(cell)) return [cell];
  const parts: string[] = [];
  for (const x of pieces.flatMap((c) => c.split(MULTI))) {
    if (x.trim() === '') continue;
    // "…0100, ext. 12": what does not start like a number belongs to the number before it.
    if (parts.length && !/^[+(\d']/.test(x)) parts[parts.length - 1] += ` ${x}`;
    else parts.push(x);
  }
  // Separators and nothing else: read as it is, so that the error names them.
  return parts.length ? parts : [cell];
}

/**
 * " / " between two numbers ("06 12 34 56 78 / 01 23 45 67 89") splits them; between an area code and its number
 * ("030 / 1234567") it is a separator, which phone.ts drops. Split only where every side holds a number's digits.
 */
function splitSlashes(cell: string): string[] {
  if (!SLASH.test(cell)) return [cell];
  const sides = cell.split(SLASH);
  return sides.every((x) => digitCount(x) >= SLASH_PART_DIGITS) ? sides : [cell];
}

/** Errors of one column with one reason: collapsed into one line of the report. */
interface ErrorGroup {
  first: RowError;
  count: number;
  rows: number[];
  values: string[];
}

/** Rows a collapsed line lists before "…", and the values it quotes. */
const GROUP_ROWS = 8;
const GROUP_VALUES = 3;
/** Distinct (column, reason) pairs kept for the report; beyond them errors are counted only. */
const MAX_GROUPS = 10_000;

/**
 * Collects row errors: all are counted, the first `keep` are kept, and errors of one column with the same reason
 * (45 numbers without a country, each saying "pass --default-country") are reported as one line listing their rows.
 */
export class ErrorLog {
  readonly first: RowError[] = [];
  count = 0;
  rows = 0;
  private readonly groups = new Map<string, ErrorGroup>();
  constructor(readonly keep = 20) {}
  /** Some number needs --default-country. */
  needsCountry = false;
  /** Rows by the flag that would read them: `--default-country`, `--without-plus national`, ... */
  readonly fixable = new Map<string, number>();
  addRow(errors: RowError[]): void {
    this.rows++;
    const fixes = new Set(errors.map((e) => (e.need ? '--default-country' : e.fix)).filter((x) => x !== undefined));
    for (const x of fixes) this.fixable.set(x, (this.fixable.get(x) ?? 0) + 1);
    for (const e of errors) {
      if (e.need) this.needsCountry = true;
      this.count++;
      if (this.first.length < this.keep) this.first.push(e);
      const key = `${e.column}\u0000${e.reason}`;
      const g = this.groups.get(key);
      if (g) {
        g.count++;
        if (g.rows.length < GROUP_ROWS) g.rows.push(e.row);
        if (g.values.length < GROUP_VALUES) g.values.push(e.value);
      } else if (this.groups.size < MAX_GROUPS)
        this.groups.set(key, { first: e, count: 1, rows: [e.row], values: [e.value] });
    }
  }
  /** One line per error, or per group of errors with one cause, at most `keep`; then how many more. */
  lines(): string[] {
    const out: string[] = [];
    let shown = 0;
    for (const g of this.groups.values()) {
      if (out.length >= this.keep) break;
      out.push(g.count === 1 ? formatRowError(g.first) : formatGroup(g));
      shown += g.count;
    }
    const more = this.count - shown;
    if (more > 0) out.push(`… and ${more} more error${more === 1 ? '' : 's'}`);
    return out;
  }
  summary(what = 'row'): string {
    return `${this.count} error${this.count === 1 ? '' : 's'} in ${this.rows} ${what}${this.rows === 1 ? '' : 's'}`;
  }
}

/** 'rows 2, 3, 5, … (45 rows), phone "333", "12", "7", …: not a valid IT number (too short)'. */
function formatGroup(g: ErrorGroup): string {
  const rows = `${g.rows.join(', ')}${g.count > g.rows.length ? ', …' : ''}`;
  const values = `${g.values.map((v) => JSON.stringify(short(v))).join(', ')}${g.count > g.values.length ? ', …' : ''}`;
  return `rows ${rows} (${g.count} rows), ${g.first.column} ${values}: ${g.first.reason}`;
}

export function formatRowError(e: RowError): string {
  return `row ${e.row}, ${e.column} ${JSON.stringify(short(e.value))}: ${e.reason}`;
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

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
