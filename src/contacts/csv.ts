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
  type PhoneFn,
  type RowError,
  rowToContact,
  unnamedColumnError,
} from './columns.js';
import { NumberIndex } from './dedupe.js';
import { ColumnEvidence } from './evidence.js';
import {
  type CellReading,
  callingCode,
  countryName,
  countryOfCell,
  countrySuggestion,
  describeReading,
  isCountry,
  type PhoneOptions,
  type PhoneResult,
  readCell,
  typeCheck,
} from './phone.js';
import { PHONE_TYPES } from './phone-types.js';
import type { ColumnReport } from './report.js';
import { type CsvFormat, readCsv, type RowsOptions } from './rows.js';
import { type Chunks, twoPass } from './source.js';

export interface CsvConvertOptions extends RowsOptions, PhoneOptions {
  dedupe?: boolean;
  /** Name of the input in messages. */
  label?: string;
  /** Registers a temporary file to remove however the process ends (Factory.trackTemp). */
  trackTemp?: (path: string) => () => void;
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
}

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
 * A column naming each row's country, as exports name it (English, Italian, German, Spanish, French, and Google
 * Contacts' "Address 1 - Country"): it picks the country of the row's national numbers.
 */
const COUNTRY_HEADER = /^(?:country|country\/region|country code|paese|nazione|land|país|pays|address 1 - country)$/i;

/**
 * The readings of pass 1, in the order rowToContact asks for them, for pass 2: a cell with one reading of a type
 * called without remark, read as written, is kept as its E.164 digits (8 bytes); any other is read again in pass 2
 * (NaN), where its column decides it and notes it.
 */
class Tape {
  private chunks: Float64Array[] = [];
  private size = 0;
  private at = 0;
  push(v: number): void {
    const i = this.size & 0xffff;
    if (i === 0) this.chunks.push(new Float64Array(0x10000));
    this.chunks[this.chunks.length - 1][i] = v;
    this.size++;
  }
  next(): number {
    const v = this.chunks[this.at >>> 16][this.at & 0xffff];
    this.at++;
    return v;
  }
}

/** The digits of an E.164 number as a double, when it holds them exactly (libphonenumber allows 17 digits). */
function safeDigits(e164: string): number {
  const v = Number(e164.slice(1));
  return Number.isSafeInteger(v) ? v : Number.NaN;
}

function simple(cell: CellReading): number {
  if (!cell.ok || cell.readings.length !== 1 || cell.warnings) return Number.NaN;
  const r = cell.readings[0];
  return r.legacy || !r.hows.includes('written') || PHONE_TYPES[r.type].policy !== 'call'
    ? Number.NaN
    : safeDigits(r.e164);
}

/** How the phone cells of a file are read: the row's country, the cell's readings, each column's evidence. */
class Reader {
  private readonly evidence = new Map<number, ColumnEvidence>();
  private readonly tape = new Tape();
  private rowCountry?: string;
  private countryColumn = -1;
  private row = 0;

  constructor(
    private readonly plan: ColumnPlan,
    private readonly opts: CsvConvertOptions,
  ) {
    this.countryColumn = plan.headers.findIndex((h) => COUNTRY_HEADER.test(h.trim().replace(/\s+/g, ' ')));
  }

  startRow(row: number, cells: string[]): void {
    this.row = row;
    this.rowCountry =
      this.countryColumn >= 0
        ? countryOfCell(cells[this.countryColumn] ?? '', this.opts.defaultCountry ?? 'US')
        : undefined;
  }

  private column(i: number): ColumnEvidence {
    let e = this.evidence.get(i);
    if (!e) this.evidence.set(i, (e = new ColumnEvidence(columnName(this.plan, i))));
    return e;
  }

  /** A cell's readings in its row's country (the Country column's, else --default-country). */
  private read(raw: string): CellReading {
    const def = this.opts.defaultCountry;
    const rc = this.rowCountry;
    const cell = readCell(raw, rc ?? def);
    if (cell.ok || !rc || !def || callingCode(rc) === callingCode(def)) return cell;
    // Not a number of the row's country: say what it would be in --default-country's, never take it.
    const other = readCell(raw, def);
    if (!other.ok || other.readings.length !== 1) return cell;
    return {
      ok: false,
      reason: `not a valid number of ${countryName(rc)} (${rc}), the country its row's ${this.plan.headers[this.countryColumn].trim()} names; as a national number of ${def} it would be ${describeReading(other.readings[0])}: write it with + and its country code`,
    };
  }

  /** Pass 1: every reading of the cell, for the column's evidence. */
  readonly record: PhoneFn = (raw, i) => {
    const cell = this.read(raw);
    this.column(i).record(cell);
    this.tape.push(simple(cell));
    return cell.ok ? { ok: true, e164: '+0' } : cell;
  };

  /** After pass 1: an explicit --without-plus against a column's clear evidence is refused. */
  checkOption(): void {
    for (const e of this.evidence.values()) e.checkOption(this.opts.withoutPlus);
  }

  /** Pass 2: the cell's number, decided by its column's evidence when it reads more than one way. */
  readonly decide: PhoneFn = (raw, i): PhoneResult => {
    const v = this.tape.next();
    if (!Number.isNaN(v)) return { ok: true, e164: `+${v}` };
    const cell = this.read(raw);
    if (!cell.ok) return cell;
    const column = this.column(i);
    let reading = cell.readings[0];
    if (cell.readings.length > 1 || cell.weak || this.opts.withoutPlus) {
      const d = column.decide(cell, this.row, this.opts.withoutPlus);
      if ('reason' in d) return { ok: false, reason: d.reason };
      reading = d.reading;
    } else if (!reading.hows.includes('written')) column.noteOnly(reading.hows[0], this.row, cell.country);
    if (reading.legacy) column.noteLegacy(reading.legacy, this.row);
    return typeCheck(reading, this.opts, cell.warnings);
  };

  reports(): ColumnReport[] {
    return [...this.evidence.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, e]) => e.report())
      .filter((r) => r !== undefined);
  }
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
    for await (const { row, cells } of first.rows) {
      if ((row & 4095) === 0 && opts.signal?.aborted) throw new InterruptedError('interrupted');
      if (isBlank(cells)) continue;
      for (const i of first.plan.unnamed) {
        const v = (cells[i] ?? '').trim();
        if (v !== '') throw unnamedColumnError(first.plan, i, row, v, label);
      }
      reader.startRow(row, cells);
      rowToContact(first.plan, cells, row, reader.record);
    }
    reader.checkOption();
    return await secondPass(await readCsv(source.second(), opts, label), reader, opts, sink);
  } finally {
    await source.close();
  }
}

/** Pass 2: the contacts and the rejected rows, each to its sink, and the summary. */
async function secondPass(
  csv: Awaited<ReturnType<typeof readCsv>>,
  reader: Reader,
  opts: CsvConvertOptions,
  sink: CsvSink,
): Promise<CsvSummary> {
  const { plan, format } = csv;
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
  summary.columns = reader.reports();
  return summary;
}
