// A CSV export to contacts, in two passes over the rows (rows.ts): pass 1 reads every phone cell every way it can be
// read (phone.ts) and gathers each column's evidence (evidence.ts); pass 2 decides each cell, builds the contacts
// and hands each result to a sink (contact or rejected row). One row in memory at a time. Loads csv-parse and
// libphonenumber-js: import this module lazily.
import { InterruptedError, UsageError } from '../errors.js';
import {
  type ColumnPlan,
  columnName,
  ErrorLog,
  isBlank,
  type RowError,
  rowToContact,
  unnamedColumnError,
} from './columns.js';
import { countrySuggestion } from './countries.js';
import { NumberIndex } from './dedupe.js';
import { isCountry } from './phone.js';
import type { ReadingProgress } from './progress.js';
import { type CountryEvidence, type CountrySource, Reader, type ReaderOptions } from './reader.js';
import type { ColumnReport } from './report.js';
import { type CsvFormat, readCsv, type RowsOptions } from './rows.js';
import { type Chunks, twoPass } from './source.js';

export interface CsvConvertOptions extends RowsOptions, ReaderOptions {
  dedupe?: boolean;
  /** Name of the input in messages. */
  label?: string;
  /** Registers a temporary file to remove however the process ends (Factory.trackTemp). */
  trackTemp?: (path: string) => () => void;
  /** Counts every row read, in pass 1 and in pass 2, and is stopped once the file is read (a terminal's spinner). */
  progress?: ReadingProgress;
}

/** The most trailing rows taken for a footer; a report's is a handful. */
const FOOTER_MAX = 20;

type Contactish = Record<string, unknown> & { phone_number: string };

export interface CsvSink {
  header?(plan: ColumnPlan, format: CsvFormat): void | Promise<void>;
  contact(contact: Contactish): void | Promise<void>;
  reject?(row: number, cells: string[], errors: RowError[]): void | Promise<void>;
}

export interface CsvSummary {
  plan?: ColumnPlan;
  delimiter: string;
  encoding: string;
  bom: boolean;
  /** Data rows read (blank ones included). */
  rows: number;
  contacts: number;
  /** Rows dropped by --dedupe. */
  duplicates: number;
  /** The first duplicate dropped by --dedupe, for the note. */
  firstDuplicate?: { row: number; of: number; e164: string };
  errors: ErrorLog;
  /** Rows accepted with a remark (an extension left out, a toll-free number). */
  warnings: ErrorLog;
  /** Trailing rows with no data columns (a report's footer), skipped: the first and last row numbers. */
  footer?: { first: number; last: number; count: number };
  /** Bytes that are not UTF-8 were seen while reading as UTF-8. */
  notUtf8: boolean;
  /** What was decided about the file itself (a BOM over --encoding, Excel's "sep=" line), for stderr. */
  notes: string[];
  /** What each phone column's evidence decided (numbers read by the column's convention, retired prefixes). */
  columns: ColumnReport[];
  /** The columns that gave each row's country, when some did. */
  countries?: CountrySource;
  /** Without --default-country: the country the numbers written with a country code point to. */
  countryEvidence?: CountryEvidence;
}

/** Rows read before the first is decided: the sample whose values find a column of countries. */
const SAMPLE_ROWS = 200;

function checkCountry(code: string | undefined): void {
  if (code !== undefined && !isCountry(code)) {
    const suggestion = countrySuggestion(code);
    throw new UsageError(`--default-country: "${code}" is not a country code libphonenumber-js knows`, {
      hints: [
        suggestion
          ? `Did you mean ${suggestion}? Use the ISO 3166-1 alpha-2 code.`
          : 'Use an ISO 3166-1 alpha-2 code such as IT, DE, GB or US.',
      ],
    });
  }
}

/** One cell, no delimiter, and no phone number: a line of a report's footer, not a contact. */
function isFooterLike(plan: ColumnPlan, cells: string[]): boolean {
  if (cells.length >= plan.headers.length) return false;
  let n = 0;
  for (const c of cells) if (c.trim() !== '') n++;
  return n <= 1 && plan.phones.every((i) => (cells[i] ?? '').trim() === '');
}

/**
 * Converts a CSV; rows with errors are counted and handed to `sink.reject`, valid ones to `sink.contact`. `input`:
 * chunks, a function that opens the file again, or a stream read once (copied for the second pass).
 */
export async function convertCsv(
  input: Chunks | (() => Chunks),
  opts: CsvConvertOptions,
  sink: CsvSink,
): Promise<CsvSummary> {
  checkCountry(opts.defaultCountry);
  const label = opts.label ?? 'input';
  const source = twoPass(input, { signal: opts.signal, track: opts.trackTemp });
  try {
    const first = await readCsv(source.first(), opts, label);
    const reader = new Reader(first.plan, opts);
    await firstPass(first, reader, opts, label);
    reader.checkOption();
    reader.startSecondPass();
    return await secondPass(await readCsv(source.second(), opts, label), reader, opts, sink);
  } finally {
    opts.progress?.stop();
    await source.close();
  }
}

/**
 * Pass 1: every phone cell read for its column's evidence. The first SAMPLE_ROWS rows are held until the columns
 * naming each row's country are chosen (by their values, when no header names one).
 */
async function firstPass(
  csv: Awaited<ReturnType<typeof readCsv>>,
  reader: Reader,
  opts: CsvConvertOptions,
  label: string,
): Promise<void> {
  let { plan } = csv;
  const recordRow = ({ row, cells }: { row: number; cells: string[] }) => {
    if ((row & 4095) === 0 && opts.signal?.aborted) throw new InterruptedError('interrupted');
    if (isBlank(cells)) return;
    for (const i of plan.unnamed) {
      const v = (cells[i] ?? '').trim();
      if (v !== '') throw unnamedColumnError(plan, i, row, v, label);
    }
    reader.startRow(row, cells);
    rowToContact(plan, cells, row, reader.record);
  };
  let sample: { row: number; cells: string[] }[] | undefined = [];
  const release = (held: { row: number; cells: string[] }[]) => {
    plan = reader.findPhonesByValues(held.map((x) => x.cells));
    reader.chooseCountryColumns(held.map((x) => x.cells));
    for (const x of held) recordRow(x);
  };
  for await (const r of csv.rows) {
    opts.progress?.onRow(1);
    if (!sample) recordRow(r);
    else if (sample.push(r) === SAMPLE_ROWS) {
      release(sample);
      sample = undefined;
    }
  }
  if (sample) release(sample);
}

/** Pass 2: the contacts and the rejected rows, each to its sink, and the summary. */
async function secondPass(
  csv: Awaited<ReturnType<typeof readCsv>>,
  reader: Reader,
  opts: CsvConvertOptions,
  sink: CsvSink,
): Promise<CsvSummary> {
  const { format } = csv;
  // The plan pass 1 settled (phone columns found by their values are not in the header's).
  const { plan } = reader;
  const summary: CsvSummary = {
    plan,
    ...format,
    rows: 0,
    contacts: 0,
    duplicates: 0,
    errors: new ErrorLog(),
    warnings: new ErrorLog(),
    notUtf8: false,
    notes: csv.notes,
    columns: [],
  };
  await sink.header?.(plan, format);
  const rejectRow = async (row: number, cells: string[], errors: RowError[]) => {
    summary.errors.addRow(errors);
    await sink.reject?.(row, cells, errors);
  };
  /**
   * Rows that may be a report's footer (Salesforce ends its exports with the report name, a copyright and
   * "Generated By"): failed rows with one cell and no delimiter. Held until a data row follows (then they are
   * errors like any other) or the file ends (then skipped, with one warning). At most FOOTER_MAX are held.
   */
  const held: { row: number; cells: string[]; errors: RowError[] }[] = [];
  const seen = new NumberIndex();
  for await (const { row, cells } of csv.rows) {
    summary.rows++;
    opts.progress?.onRow(2);
    if ((row & 4095) === 0 && opts.signal?.aborted) throw new InterruptedError('interrupted');
    if (isBlank(cells)) continue;
    reader.startRow(row, cells);
    const r = rowToContact(plan, cells, row, reader.decide);
    if (r.errors && held.length < FOOTER_MAX && isFooterLike(plan, cells)) {
      held.push({ row, cells, errors: r.errors });
      continue;
    }
    for (const h of held.splice(0)) await rejectRow(h.row, h.cells, h.errors);
    if (!r.contact) {
      await rejectRow(row, cells, r.errors!);
      continue;
    }
    const first = seen.firstRow(r.contact.phone_number, row);
    if (first === undefined) {
      summary.contacts++;
      if (r.warnings) summary.warnings.addRow(r.warnings);
      await sink.contact(r.contact);
    } else if (opts.dedupe) {
      summary.duplicates++;
      summary.firstDuplicate ??= { row, of: first, e164: r.contact.phone_number };
    } else {
      await rejectRow(row, cells, [
        {
          row,
          column: columnName(plan, r.phoneColumn),
          value: (cells[r.phoneColumn] ?? '').trim(),
          reason: `duplicate of row ${first} (${r.contact.phone_number}); --dedupe keeps the first`,
        },
      ]);
    }
  }
  if (held.length) summary.footer = { first: held[0].row, last: held[held.length - 1].row, count: held.length };
  summary.notUtf8 = csv.notUtf8();
  return readerFacts(summary, reader, opts);
}

/** What the reader found out, into the summary: each column's decisions, where countries came from. */
function readerFacts(summary: CsvSummary, reader: Reader, opts: CsvConvertOptions): CsvSummary {
  summary.columns = reader.reports();
  const countries = reader.countrySource();
  if (countries) summary.countries = countries;
  const evidence = opts.defaultCountry ? undefined : reader.countryEvidence();
  if (evidence) summary.countryEvidence = evidence;
  return summary;
}
