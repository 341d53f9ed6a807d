// How the phone cells of a CSV are read, in two passes (csv.ts): each row in its own country (the columns that name
// countries, found by their names or values, else --default-country), each cell every way it reads (phone.ts), each
// column's evidence (evidence.ts). Loads libphonenumber-js: import lazily.
import type { CountryCode } from 'libphonenumber-js/max';
import {
  type ColumnPlan,
  cellsWhere,
  columnName,
  isMobileColumn,
  MissingInputError,
  type PhoneFn,
  withPhonesByValues,
} from './columns.js';
import { countryColumnsByName, countryColumnsByValues, countryOfCell } from './countries.js';
import { ColumnEvidence } from './evidence.js';
import {
  type CellReading,
  callingCode,
  describeReading,
  type PhoneOptions,
  type PhoneResult,
  readCell,
  typeCheck,
} from './phone.js';
import { PHONE_TYPES } from './phone-types.js';
import { type ColumnReport, countryName } from './report.js';

/** Where each row's country comes from, for the note on stderr and the JSON summary. */
export interface CountrySource {
  columns: string[];
  by: 'name' | 'values' | '--country-column';
}

/** The country that the numbers written with a country code point to, for numbers written without one. */
export interface CountryEvidence {
  country: string;
  /** Numbers written with this country's code, of `total` written with any. */
  count: number;
  total: number;
}

/**
 * Pass 1's readings for pass 2, by row: a cell with one reading of a type called without remark, read as written, is
 * kept as its E.164 digits (8 bytes); any other is read again in pass 2 (NaN), where its column decides it and notes
 * it. A row's slots are found by its row number; a slot pass 2 asks for that pass 1 did not keep is read again.
 */
class RowTape {
  private chunks: Float64Array[] = [];
  private size = 0;
  private starts = new Int32Array(1024);
  private ends = new Int32Array(1024);
  private at = 0;
  private end = 0;

  startRow(row: number, recording: boolean): void {
    if (recording) {
      if (row >= this.starts.length) this.grow(row);
      this.starts[row] = this.size;
      this.ends[row] = this.size;
      return;
    }
    this.at = row < this.starts.length ? this.starts[row] : 0;
    this.end = row < this.ends.length ? this.ends[row] : 0;
  }

  private grow(row: number): void {
    const n = Math.max(row + 1, this.starts.length * 2);
    const starts = new Int32Array(n);
    const ends = new Int32Array(n);
    starts.set(this.starts);
    ends.set(this.ends);
    this.starts = starts;
    this.ends = ends;
  }

  push(row: number, v: number): void {
    const i = this.size & 0xffff;
    if (i === 0) this.chunks.push(new Float64Array(0x10000));
    this.chunks[this.chunks.length - 1][i] = v;
    this.size++;
    this.ends[row] = this.size;
  }

  next(): number {
    if (this.at >= this.end) return Number.NaN;
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

/** A column is taken for phone numbers by its values when at least this many of the sample's cells are filled ... */
const MIN_PHONE_CELLS = 3;
/** ... and at least this share of them read as phone numbers (a national one wanting only its country included). */
const PHONE_SHARE = 0.8;

/**
 * A cell of a column that may hold phone numbers: a valid number, or (with no --default-country to read it in) one
 * that is written like a national number: a trunk 0 or separators, 7 to 15 digits. Bare digits without a country
 * are as likely a customer number.
 */
function readsAsPhone(v: string, country: string | undefined): boolean {
  const c = readCell(v, country);
  if (c.ok) return true;
  if (c.need !== 'country') return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15 && /^[(0]|[\s\-()./]/.test(v.trim());
}

export interface ReaderOptions extends PhoneOptions {
  /** --country-column: the columns that name each row's country; ['none'] turns them off. */
  countryColumn?: string[];
}

export class Reader {
  private readonly evidence = new Map<number, ColumnEvidence>();
  private readonly tape = new RowTape();
  private readonly mobile = new Set<number>();
  private countryColumns: number[] = [];
  private source?: CountrySource;
  /** The row's countries, one per numbering plan: two when its country columns disagree. */
  private rowCountries: CountryCode[] = [];
  private row = 0;
  private recording = true;
  /** Numbers written with a country code, by country: evidence of the country of those written without. */
  private readonly international = new Map<string, number>();

  constructor(
    public plan: ColumnPlan,
    private readonly opts: ReaderOptions,
  ) {
    this.markMobiles();
  }

  private markMobiles(): void {
    const { plan } = this;
    for (const i of [...plan.phones, ...plan.attempts.map((a) => a.phone)])
      if (isMobileColumn(plan.headers[i] ?? '')) this.mobile.add(i);
  }

  /**
   * A header without a phone column by name: the columns most of whose cells in `sample` read as phone numbers become
   * the phone columns (the first the main number, the others attempts), or the header's error is thrown.
   */
  findPhonesByValues(sample: string[][]): ColumnPlan {
    const { plan } = this;
    if (!plan.missing) return plan;
    const def = this.opts.defaultCountry;
    let best: { numbers: number; cells: number } | undefined;
    const found: number[] = [];
    for (const { index } of plan.free) {
      const { cells, hits: numbers } = cellsWhere(sample, index, (v) => readsAsPhone(v, def));
      if (cells === 0 || cells < Math.min(MIN_PHONE_CELLS, sample.length) || numbers < PHONE_SHARE * cells) continue;
      found.push(index);
      if (!best || numbers > best.numbers) best = { numbers, cells };
    }
    if (!found.length)
      throw new MissingInputError(
        plan.missing.message,
        { hints: [...plan.missing.hints, 'No column holds phone numbers in most of its cells either.'] },
        plan.missing.need,
      );
    this.plan = withPhonesByValues(plan, found, best);
    this.markMobiles();
    return this.plan;
  }

  /**
   * Before the first row: the columns naming each row's country, from --country-column, else their names, else the
   * values of the first rows (`sample`).
   */
  chooseCountryColumns(sample: string[][]): void {
    const { plan } = this;
    if (plan.countries) {
      this.countryColumns = plan.countries;
      if (plan.countries.length) this.source = this.sourceOf(plan.countries, '--country-column');
      return;
    }
    const numbers = new Set([...plan.phones, ...plan.attempts.map((a) => a.phone)]);
    const candidates = plan.headers.map((_, i) => i).filter((i) => !numbers.has(i) && plan.headers[i] !== '');
    const named = countryColumnsByName(plan.headers).filter((i) => candidates.includes(i));
    if (named.length) {
      this.countryColumns = named;
      this.source = this.sourceOf(named, 'name');
      return;
    }
    const byValues = countryColumnsByValues(plan.headers, candidates, sample, this.opts.defaultCountry ?? 'US');
    this.countryColumns = byValues;
    if (byValues.length) this.source = this.sourceOf(byValues, 'values');
  }

  private sourceOf(columns: number[], by: CountrySource['by']): CountrySource {
    return { columns: columns.map((i) => columnName(this.plan, i)), by };
  }

  countrySource(): CountrySource | undefined {
    return this.source;
  }

  /** Pass 2 from here on: the readings of pass 1 are used. */
  startSecondPass(): void {
    this.recording = false;
  }

  startRow(row: number, cells: string[]): void {
    this.row = row;
    this.tape.startRow(row, this.recording);
    if (!this.countryColumns.length) return;
    const found: CountryCode[] = [];
    for (const i of this.countryColumns) {
      const c = countryOfCell(cells[i] ?? '', this.opts.defaultCountry ?? 'US');
      if (c && !found.some((f) => callingCode(f) === callingCode(c))) found.push(c);
    }
    this.rowCountries = found;
  }

  private column(i: number): ColumnEvidence {
    let e = this.evidence.get(i);
    if (!e) this.evidence.set(i, (e = new ColumnEvidence(columnName(this.plan, i))));
    return e;
  }

  /** A cell's readings in its row's country (its country columns', else --default-country). */
  private read(raw: string, i: number): CellReading {
    const def = this.opts.defaultCountry;
    const column = { mobile: this.mobile.has(i) };
    if (this.rowCountries.length > 1) return this.readInEach(raw, column);
    const rc = this.rowCountries[0];
    const cell = readCell(raw, rc ?? def, column);
    if (cell.ok || !rc || !def || callingCode(rc) === callingCode(def)) return cell;
    // Not a number of the row's country: say what it would be in --default-country's, never take it.
    const other = readCell(raw, def, column);
    if (!other.ok || other.readings.length !== 1) return cell;
    return {
      ok: false,
      reason: `not a valid number of ${countryName(rc)} (${rc}), the country its row's ${this.countryNames()} names; as a national number of ${def} it would be ${describeReading(other.readings[0])}: write it with + and its country code`,
    };
  }

  private countryNames(join = ' or '): string {
    return this.countryColumns.map((i) => `"${columnName(this.plan, i).trim()}"`).join(join);
  }

  /**
   * A row whose country columns name two countries (billing and shipping): the cell is read in each. A number that
   * reads as a national number of one of them only is read there; one that reads as different national numbers of
   * both is a row error naming both. A reading with the + a spreadsheet dropped belongs to no row country: it stays a
   * hypothesis beside the national ones, for the column to decide as in any row.
   */
  private readInEach(raw: string, column: { mobile?: boolean }): CellReading {
    const cells = this.rowCountries.map((c) => readCell(raw, c, column));
    const ok = cells.filter((c) => c.ok);
    if (ok.length === 0) {
      const names = this.rowCountries.map((c) => `${countryName(c)} (${c})`).join(' nor of ');
      return {
        ok: false,
        reason: `not a valid number of ${names}, the countries its row's ${this.countryNames()} name`,
      };
    }
    const national = (c: (typeof ok)[number]) =>
      c.readings.filter((r) => !(r.hows.length === 1 && r.hows[0] === 'plus-lost'));
    const withNational = ok.filter((c) => national(c).length > 0);
    if (withNational.length <= 1) return withNational[0] ?? ok[0];
    // A national reading every country gives (Ireland's 048 in an Irish and a British row), and the lost + beside it.
    const common = national(withNational[0]).filter((r) =>
      withNational.every((c) => national(c).some((x) => x.e164 === r.e164)),
    );
    if (common.length) {
      const plus = withNational[0].readings.filter((r) => !national(withNational[0]).includes(r));
      return { ...withNational[0], readings: [...common, ...plus] };
    }
    const readings = withNational.map((c) => `${describeReading(national(c)[0])} in ${countryName(c.country ?? '')}`);
    return {
      ok: false,
      reason: `reads as ${readings.join(' or as ')}: its row's ${this.countryNames(' and ')} name both countries; write it with + and its country code`,
    };
  }

  /** Pass 1: every reading of the cell, for the column's evidence. */
  readonly record: PhoneFn = (raw, i) => {
    const cell = this.read(raw, i);
    this.column(i).record(cell);
    if (cell.ok && cell.country === undefined && cell.readings.length === 1) {
      const c = cell.readings[0].country;
      if (c) this.international.set(c, (this.international.get(c) ?? 0) + 1);
    }
    this.tape.push(this.row, simple(cell));
    return cell.ok ? { ok: true, e164: '+0' } : cell;
  };

  /** After pass 1: an explicit --without-plus against a column's clear evidence is refused. */
  checkOption(): void {
    for (const e of this.evidence.values()) e.checkOption(this.opts.withoutPlus);
  }

  /**
   * The country the file's numbers written with a country code point to (at least two of them, two thirds one
   * country): the --default-country to propose for those written without one.
   */
  countryEvidence(): CountryEvidence | undefined {
    let total = 0;
    let best: [string, number] | undefined;
    for (const [c, n] of this.international) {
      total += n;
      if (!best || n > best[1]) best = [c, n];
    }
    if (!best || best[1] < 2 || best[1] * 3 < total * 2) return undefined;
    return { country: best[0], count: best[1], total };
  }

  /** Pass 2: the cell's number, decided by its column's evidence when it reads more than one way. */
  readonly decide: PhoneFn = (raw, i): PhoneResult => {
    const v = this.tape.next();
    if (!Number.isNaN(v)) return { ok: true, e164: `+${v}` };
    const cell = this.read(raw, i);
    if (!cell.ok) return cell;
    const column = this.column(i);
    let reading = cell.readings[0];
    if (cell.readings.length > 1 || cell.weak || this.opts.withoutPlus) {
      const d = column.decide(cell, this.row, this.opts.withoutPlus);
      if ('reason' in d) return { ok: false, ...d };
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
