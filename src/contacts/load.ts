// Contacts from a file, for every command that takes them (contacts convert, campaigns create --contacts).
// Light at its top level (zod and commander types only): csv-parse and libphonenumber-js load inside
// loadContacts, and only for CSV input.
import type { FileHandle } from 'node:fs/promises';
import type * as z from 'zod/mini';
import { UsageError } from '../errors.js';
import { decodeText, notUtf8Hints } from '../io/encoding.js';
import { plural } from '../io/format.js';
import { terminalSafe } from '../io/safe.js';
import { Contact } from '../schemas/contacts.js';
import type { PhoneResult } from './phone.js';
import { type ContactsCsvOptions, formatMaxSkipped, MAX_SKIPPED_DEFAULT, type MaxSkipped } from './flags.js';
import type { PhoneType } from './phone-types.js';
import type { ReadingProgress } from './progress.js';
import { controlCharacterReason, ErrorLog, formatRowError, MissingInputError, type RowError } from './columns.js';
import type { CsvSink, CsvSummary } from './csv.js';
import type { CountryEvidence } from './reader.js';
import type { Chunks } from './source.js';
import { countriesNote, countryName, reportLines } from './report.js';

export type ContactsFormat = 'csv' | 'json' | 'ndjson';

/** Format from the file name, else from the first character of the content. */
export function contactsFormat(source: string, firstChar?: string): ContactsFormat {
  return formatByExtension(source) ?? (firstChar === '[' ? 'json' : firstChar === '{' ? 'ndjson' : 'csv');
}

/** The format a file's extension names, if it names one. */
function formatByExtension(source: string): ContactsFormat | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(source)?.[1]?.toLowerCase();
  if (ext === 'json') return 'json';
  if (ext === 'ndjson' || ext === 'jsonl') return 'ndjson';
  if (ext === 'csv' || ext === 'tsv' || ext === 'txt') return 'csv';
  return undefined;
}

/**
 * A CSV that is not UTF-8 (an export of an older spreadsheet, in Latin-1) read as UTF-8 turns every accented
 * letter into "�": names a campaign would say aloud. Unless the user chose the encoding, that stops the run
 * (exit 2, nothing written or sent); with an explicit --encoding utf8 it is a warning.
 */
export function checkUtf8(
  label: string,
  summary: { notUtf8: boolean },
  encoding: string | undefined,
  warn?: (line: string) => void,
): void {
  if (!summary.notUtf8) return;
  if (encoding === undefined) {
    throw new UsageError(`${label} is not valid UTF-8: its accented letters would be replaced by "\uFFFD"`, {
      hints: notUtf8Hints(),
    });
  }
  warn?.(
    `warning: ${label} is not valid UTF-8; the bytes that are not were replaced by "\uFFFD" (--encoding windows-1252 reads Excel's exports on Windows)`,
  );
}

/**
 * What the converter decided or skipped that the user should know, on stderr: the phone columns it found by
 * their names, rows accepted with a remark (an extension left out, a toll-free number), a footer skipped.
 */
export function conversionNotes(summary: CsvSummary, warn: (line: string) => void, notes = true): void {
  if (notes) for (const note of summary.notes) warn(terminalSafe(note));
  if (notes && summary.plan) {
    const line = phoneColumnsNote(summary.plan);
    if (line) warn(line);
  }
  if (notes && summary.countries) warn(terminalSafe(countriesNote(summary.countries)));
  if (notes) for (const column of summary.columns) for (const line of reportLines(column)) warn(terminalSafe(line));
  if (summary.warnings.count) {
    const { count, rows } = summary.warnings;
    warn(`warning: ${plural(count, 'number')} in ${plural(rows, 'row')} accepted with a remark:`);
    for (const line of summary.warnings.lines()) warn(`  ${terminalSafe(line)}`);
  }
  if (summary.footer) {
    const { first, last, count } = summary.footer;
    warn(
      `warning: skipped ${count === 1 ? `row ${first}` : `rows ${first} to ${last}`} at the end: no data columns (a report's footer?)`,
    );
  }
}

/** Which columns gave the numbers, when no flag or phone_number column said. */
function phoneColumnsNote(plan: NonNullable<CsvSummary['plan']>): string | undefined {
  const names = plan.phones.map((i) => `"${terminalSafe(plan.headers[i])}"`);
  const one = names.length === 1;
  if (plan.byValues) {
    const { numbers, cells } = plan.byValues;
    return `note: numbers from the ${one ? 'column' : 'columns'} ${names.join(', ')}, found by ${one ? 'its' : 'their'} values (${numbers} of ${cells} cells read as phone numbers); choose another with --phone-column`;
  }
  if (!plan.discovered) return undefined;
  return one
    ? `note: numbers from the column ${names[0]}, found by its name; choose another with --phone-column`
    : `note: numbers from the columns ${names.join(', ')}, found by their names: the first non-empty one gives the main number, the others become attempts; choose with --phone-column`;
}

/** A CSV that gave no contact: nothing to call is a failure (a nightly job must not pass on an empty list). */
export function noContactsError(
  label: string,
  errors: Pick<ErrorLog, 'rows' | 'lines'>,
  effect: 'nothing was written' | 'nothing was sent',
  /** The row errors were already listed on stderr: not again. */
  listed = false,
) {
  const why = errors.rows ? `all ${plural(errors.rows, 'row')} invalid` : 'the file has a header and no rows';
  return new UsageError(`${label}: no valid contacts (${why}); ${effect}`, {
    hints: listed ? [] : errors.lines().map((l) => terminalSafe(l)),
  });
}

/** Throws the UsageError listing the first 20 errors and how many more. */
function rowErrorsToUsageError(
  label: string,
  log: ErrorLog,
  what = 'row',
  extra: string[] = [],
  evidence?: CountryEvidence,
): UsageError {
  const message = `${label}: ${log.summary(what)}`;
  const hints = [...log.lines().map((l) => terminalSafe(l)), ...(evidence ? [countryHint(evidence)] : []), ...extra];
  return log.needsCountry
    ? new MissingInputError(message, { hints }, { country: true, ...(evidence ? { suggest: evidence.country } : {}) })
    : new UsageError(message, { hints });
}

/** The country the file's own numbers say, as the flag to add. */
function countryHint(e: CountryEvidence): string {
  return `The file's numbers written with a country code are of ${countryName(e.country)} (${e.count} of ${e.total}): add --default-country ${e.country} to read those written without one there.`;
}

/** What a command does with the rows of a CSV that have errors (--skip-invalid, --max-skipped). */
export interface SkipRules {
  skipInvalid?: boolean;
  maxSkipped?: MaxSkipped;
}

/**
 * The row errors of a CSV, checked once the whole file was read, before anything is written or sent. Without
 * --skip-invalid any error stops it. With it, rows are left out only as invalid rows of a list read right: when most
 * of them share one cause that a flag fixes (numbers without + and no country, a column that does not say how its
 * bare digits read), or when more are left out than --max-skipped allows, it stops too, saying why.
 */
export function checkRowErrors(label: string, summary: CsvSummary, rules: SkipRules, nothing: string): void {
  const { errors } = summary;
  if (!errors.count) return;
  if (!rules.skipInvalid)
    throw rowErrorsToUsageError(
      label,
      errors,
      'row',
      [
        `${nothing}. Fix the rows, or add --skip-invalid to ${nothing.endsWith('sent') ? 'send' : 'write'} the valid contacts (and --rejects file.csv for the others).`,
      ],
      summary.countryEvidence,
    );
  const fix = dominantFix(errors);
  if (fix) throw fixableRows(label, summary, fix, nothing);
  // No contact at all: the caller's "no valid contacts" says it better.
  if (summary.contacts === 0) return;
  const total = summary.contacts + errors.rows;
  const max = rules.maxSkipped ?? MAX_SKIPPED_DEFAULT;
  if (errors.rows <= ('share' in max ? max.share * total : max.rows)) return;
  const share = `${Math.round((errors.rows / total) * 1000) / 10}%`;
  throw new UsageError(
    `${label}: --skip-invalid would leave out ${errors.rows} of ${plural(total, 'row')} (${share}), more than --max-skipped ${formatMaxSkipped(max)} allows`,
    {
      hints: [
        ...errors.lines().map((l) => terminalSafe(l)),
        `So many invalid rows more often mean a list read wrong than a dirty one: check the notes on its columns. If these rows are invalid, raise the bound: --max-skipped ${Math.min(100, Math.ceil((errors.rows / total) * 100))}%. ${nothing}.`,
      ],
    },
  );
}

/** The flag that would read most of the rows --skip-invalid would leave out, if one would. */
function dominantFix(errors: ErrorLog): string | undefined {
  for (const [fix, rows] of errors.fixable) if (rows * 2 > errors.rows) return fix;
  return undefined;
}

/** Most rows --skip-invalid would leave out are read by one flag: not invalid rows, a flag missing. */
function fixableRows(label: string, summary: CsvSummary, fix: string, nothing: string): UsageError {
  const { errors } = summary;
  const rows = errors.fixable.get(fix)!;
  const of = `${rows === errors.rows ? 'the' : `${rows} of the`} ${plural(errors.rows, 'row')} --skip-invalid would leave out`;
  const skip = `--skip-invalid leaves out invalid rows, not rows that one flag reads. ${nothing}.`;
  if (fix !== '--default-country')
    return new UsageError(`${label}: ${of} hold digits that ${fix} reads: add it`, {
      hints: [...errors.lines().map((l) => terminalSafe(l)), skip],
    });
  const e = summary.countryEvidence;
  const flag = e ? `--default-country ${e.country}` : '--default-country (for example FR)';
  return new MissingInputError(
    `${label}: ${of} hold numbers written without + and a country code: add ${flag}`,
    { hints: [...(e ? [countryHint(e)] : []), ...errors.lines().map((l) => terminalSafe(l)), skip] },
    { country: true, ...(e ? { suggest: e.country } : {}) },
  );
}

/** A number that must be E.164: the rules of src/contacts/phone.ts (checkE164), passed in to keep this module light. */
export type NumberCheck = (value: string) => PhoneResult;

/**
 * The number rules for the E.164 doors (JSON contacts, --file, --from): the validator of CSV rows, with the
 * types --allow-types allows. Caller IDs are not dialled, so their type is not checked (`callerId`).
 */
export async function numberChecks(opts: {
  allowTypes?: PhoneType[];
}): Promise<{ contact: NumberCheck; callerId: NumberCheck }> {
  const { checkE164 } = await import('./phone.js');
  return {
    contact: (v) => checkE164(v, { allowTypes: opts.allowTypes }),
    callerId: (v) => checkE164(v, { anyType: true }),
  };
}

/**
 * Validates parsed JSON contacts: E.164 numbers that are valid numbers of a type a campaign calls (the CSV
 * rules), duplicates of the main number (unless dedupe), as for CSV rows.
 */
export function checkJsonContacts(
  items: unknown[],
  opts: {
    dedupe?: boolean;
    where: (i: number) => string;
    label: string;
    checkNumber?: NumberCheck;
    warn?: (line: string) => void;
  },
): Contact[] {
  const log = new ErrorLog();
  const out: Contact[] = [];
  const firstIndex = new Map<string, number>();
  items.forEach((item, i) => {
    const checked = checkJsonContact(item, i, opts);
    if ('errors' in checked) return log.addRow(checked.errors);
    const c = checked.contact;
    const first = firstIndex.get(c.phone_number);
    if (first === undefined) {
      firstIndex.set(c.phone_number, i);
      out.push(c);
    } else if (!opts.dedupe)
      log.addRow([
        {
          row: i,
          column: 'phone_number',
          value: c.phone_number,
          reason: `duplicate of ${opts.where(first)}; --dedupe keeps the first`,
        },
      ]);
  });
  if (log.count) {
    const lines = log.first.map((e) => formatRowError(e).replace(/^row \d+, /, `${opts.where(e.row)}, `));
    if (log.count > log.first.length) lines.push(`… and ${log.count - log.first.length} more errors`);
    throw new UsageError(`${opts.label}: ${log.summary('contact')}`, { hints: lines });
  }
  return out;
}

/** A JSON contact, or its errors in the order a fix needs them: control characters, the schema, the numbers. */
function checkJsonContact(
  item: unknown,
  i: number,
  opts: { checkNumber?: NumberCheck; warn?: (line: string) => void; where: (i: number) => string },
): { contact: Contact } | { errors: RowError[] } {
  // The rule of CSV cells: no control character (but tab and line breaks) in any string, field names included.
  const bad = controlCharacterErrors(item, i);
  if (bad.length) return { errors: bad };
  const r = Contact.safeParse(item);
  if (!r.success) return { errors: r.error.issues.map((issue) => schemaError(item, i, issue)) };
  if (!opts.checkNumber) return { contact: r.data };
  const numbers: [string, string][] = [
    ['phone_number', r.data.phone_number],
    ...(r.data.contact_attempts ?? []).map(
      (a, j) => [`contact_attempts[${j}].phone_number`, a.phone_number] as [string, string],
    ),
  ];
  const errors: RowError[] = [];
  for (const [column, value] of numbers) {
    const c = opts.checkNumber(String(value));
    if (!c.ok) errors.push({ row: i, column, value: String(value), reason: c.reason });
    else for (const w of c.warnings ?? []) opts.warn?.(`warning: ${opts.where(i)}, ${column}: ${w}`);
  }
  return errors.length ? { errors } : { contact: r.data };
}

/** A zod issue of a JSON contact as a row error: the path as the column, the value found there. */
function schemaError(item: unknown, row: number, issue: z.core.$ZodIssue): RowError {
  let v: unknown = item;
  for (const p of issue.path) v = (v as Record<PropertyKey, unknown> | undefined)?.[p as PropertyKey];
  const column = issue.path.length
    ? issue.path
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
        .join('')
        .replace(/^\./, '')
    : 'contact';
  return {
    row,
    column,
    value: v === undefined ? '' : typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
    reason: v === undefined && issue.code === 'invalid_type' ? 'is required' : issue.message,
  };
}

/** The strings of a JSON contact (values and field names, at any depth) that hold a control character. */
function controlCharacterErrors(item: unknown, row: number): RowError[] {
  const errors: RowError[] = [];
  // Walked with a stack, not recursion: a hostile file may nest arrays thousands deep.
  const stack: [unknown, string][] = [[item, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const reason = controlCharacterReason(v);
      if (reason) errors.push({ row, column: path || 'contact', value: v, reason });
    } else if (Array.isArray(v)) {
      for (let k = v.length - 1; k >= 0; k--) stack.push([v[k], `${path}[${k}]`]);
    } else if (v !== null && typeof v === 'object') pushFields(v, path, row, stack, errors);
  }
  return errors;
}

/** An object's fields onto the walk's stack, last first; a field name with a control character is an error. */
function pushFields(v: object, path: string, row: number, stack: [unknown, string][], errors: RowError[]): void {
  const entries = Object.entries(v);
  for (let k = entries.length - 1; k >= 0; k--) {
    const [key, x] = entries[k];
    const at = path ? `${path}.${key}` : key;
    const reason = controlCharacterReason(key);
    if (reason) errors.push({ row, column: at, value: key, reason: `the field name ${reason}` });
    else stack.push([x, at]);
  }
}

interface JsonChecks {
  dedupe?: boolean;
  checkNumber?: NumberCheck;
  warn?: (line: string) => void;
}

function parseJsonContacts(text: string, label: string, checks: JsonChecks): Contact[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${label}: not valid JSON: ${(err as Error).message}`);
  }
  const items = Array.isArray(doc) ? doc : (doc as { contacts?: unknown } | null)?.contacts;
  if (!Array.isArray(items))
    throw new UsageError(`${label}: expected a JSON array of contacts (or an object with a "contacts" array)`);
  return checkJsonContacts(items, { ...checks, label, where: (i) => `contacts[${i}]` });
}

function parseNdjsonContacts(text: string, label: string, checks: JsonChecks): Contact[] {
  const items: unknown[] = [];
  const lineOf: number[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      items.push(JSON.parse(line));
      lineOf.push(i + 1);
    } catch (err) {
      throw new UsageError(`${label}: line ${i + 1} is not valid JSON: ${(err as Error).message}`);
    }
  });
  return checkJsonContacts(items, { ...checks, label, where: (i) => `line ${lineOf[i]}` });
}

/**
 * Reads contacts from a CSV, JSON array or NDJSON file ('-' = stdin, format by extension or content);
 * every row validated; throws UsageError listing row errors (first 20 + count).
 */
export interface LoadOptions extends ContactsCsvOptions {
  stdin: NodeJS.ReadableStream;
  /** Registers the copy of stdin a CSV is read from twice, for removal however the process ends. */
  trackTemp?: (path: string) => () => void;
  /** `source` already open (voicectl mcp: checked as opened): read from it only, never by name. */
  handle?: FileHandle;
  signal?: AbortSignal;
  warn?: (line: string) => void;
  /** CSV only: invalid rows are left out (handed to `rejects`) instead of stopping everything. */
  skipInvalid?: boolean;
  /** With skipInvalid: the most rows left out (--max-skipped). */
  maxSkipped?: MaxSkipped;
  /** -q: the notes (the columns found by name, --dedupe's count) are left out; warnings stay. */
  quiet?: boolean;
  rejects?: Pick<CsvSink, 'header' | 'reject'>;
  /** CSV only: what was read, once the whole file was checked (rows, errors, duplicates). */
  onSummary?: (summary: CsvSummary) => void | Promise<void>;
  /** CSV only: counts the rows read, and is stopped once they are (a terminal's spinner: progress.ts). */
  progress?: ReadingProgress;
}

/**
 * Reads contacts from a CSV, JSON array or NDJSON file ('-' = stdin, format by extension or content);
 * every row validated; throws UsageError listing row errors (first 20 + count).
 */
export async function loadContacts(source: string, opts: LoadOptions): Promise<Contact[]> {
  const [{ openContactsSource, firstChar, csvHeaderNotJson }, { MAX_BODY_FILE_BYTES, bodyTooLarge }] =
    await Promise.all([import('./source.js'), import('../io/input-file.js')]);
  const src = await openContactsSource(source, opts);
  const { label } = src;
  // JSON is read whole, so it is bounded as every other body read whole (32 MiB, "must be at most"): a FIFO,
  // /dev/zero or an endless stdin fails at the limit. CSV is streamed, from a file or stdin.
  const limit = { maxBytes: MAX_BODY_FILE_BYTES, tooLarge: bodyTooLarge(label) };
  // No extension that says: the first character does ('[' a JSON array, '{' NDJSON, anything else CSV).
  const byExtension = formatByExtension(source);
  let format = byExtension ?? contactsFormat(source, firstChar(await src.head()));
  let data = format === 'csv' ? undefined : await src.readAll(limit);
  // "[" first and no extension said JSON, but a CSV header may start with "[" too ("[ID],name,phone_number").
  // Read as CSV only when the first line is that and the whole is not JSON: valid JSON stays JSON.
  if (format === 'json' && data && !byExtension && csvHeaderNotJson(data)) format = 'csv';
  if (format === 'csv') return loadCsv(data ? [data] : src.csv(), label, opts);
  if (opts.skipInvalid || opts.rejects) throw jsonSkipInvalid(label, format);
  const text = decodeText(data!, opts.encoding, label);
  data = undefined;
  const checks: JsonChecks = { dedupe: opts.dedupe, checkNumber: (await numberChecks(opts)).contact, warn: opts.warn };
  return format === 'json' ? parseJsonContacts(text, label, checks) : parseNdjsonContacts(text, label, checks);
}

function jsonSkipInvalid(label: string, format: ContactsFormat): UsageError {
  return new UsageError(
    `--skip-invalid: ${label} holds ${format === 'json' ? 'JSON' : 'NDJSON'} contacts; --skip-invalid and --rejects apply to CSV contacts only`,
    { hints: ['JSON contacts are sent as they are: fix or remove the invalid ones. Nothing was sent.'] },
  );
}

/** A CSV's contacts, with its notes and errors reported as `opts` asks. */
async function loadCsv(input: Chunks | (() => Chunks), label: string, opts: LoadOptions): Promise<Contact[]> {
  const { convertCsv } = await import('./csv.js');
  const contacts: Contact[] = [];
  const summary = await convertCsv(
    input,
    { ...opts, label, trackTemp: opts.trackTemp },
    { header: opts.rejects?.header, contact: (c) => void contacts.push(c as Contact), reject: opts.rejects?.reject },
  );
  checkUtf8(label, summary, opts.encoding, opts.warn);
  checkRowErrors(label, summary, opts, 'Nothing was sent');
  if (opts.warn) conversionNotes(summary, opts.warn, !opts.quiet);
  await opts.onSummary?.(summary);
  if (summary.duplicates && !opts.quiet)
    opts.warn?.(`note: --dedupe dropped ${plural(summary.duplicates, 'contact')} whose main number appeared earlier`);
  return contacts;
}
