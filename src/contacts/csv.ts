// Streams a CSV export through csv-parse and the column plan: one row in memory at a time, every row
// checked, each result handed to a sink (contact or rejected row). Loads csv-parse and libphonenumber-js:
// import this module lazily.
import { isUtf8 } from 'node:buffer';
import { Readable, Transform } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { InterruptedError, UsageError } from '../errors.js';
import { shellWord } from '../factory.js';
import { checkNotUtf8, decoderFor, sniffBom, UTF8_CHECK_BYTES } from '../io/encoding.js';
import { nextChunk } from '../io/stdin.js';
import {
  columnName,
  detectDelimiter,
  ErrorLog,
  isBlank,
  MissingInputError,
  planColumns,
  rowToContact,
  type ColumnOptions,
  type ColumnPlan,
  type RowError,
  unnamedColumnError,
} from './columns.js';
import { NumberIndex } from './dedupe.js';
import {
  callingCode,
  countryName,
  countryOfCell,
  countrySuggestion,
  isCountry,
  type PhoneOptions,
  toE164,
} from './phone.js';

export interface CsvConvertOptions extends ColumnOptions, PhoneOptions {
  delimiter?: string;
  /** A canonical name from encodingName(); a BOM in the file decides before it. Default: UTF-8. */
  encoding?: string;
  dedupe?: boolean;
  signal?: AbortSignal;
  /** Name of the input in messages. */
  label?: string;
}

/**
 * The longest row read, in characters: 4 Mi. A contact's row is a few hundred characters, and a long note (a 1 MB
 * cell) still converts; beyond it the input is not an export (/dev/zero, a binary file) or a quote was never closed,
 * and it fails there, at once, instead of filling the memory with one endless row.
 */
const MAX_ROW_CHARS = 4 * 1024 * 1024;

/** The most trailing rows taken for a footer; a report's is a handful. */
const FOOTER_MAX = 20;

/** One cell, no delimiter, and no phone number: a line of a report's footer, not a contact. */
function isFooterLike(plan: ColumnPlan, cells: string[]): boolean {
  if (cells.length >= plan.headers.length) return false;
  let n = 0;
  for (const c of cells) if (c.trim() !== '') n++;
  return n <= 1 && plan.phones.every((i) => (cells[i] ?? '').trim() === '');
}

type Contactish = Record<string, unknown> & { phone_number: string };

/** How the input was written: the rejects file is written the same way, to open where the input came from. */
interface CsvFormat {
  delimiter: string;
  encoding: string;
  bom: boolean;
}

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

interface Peeked {
  head: Buffer;
  done: boolean;
  it: AsyncIterator<Buffer | string>;
  input: unknown;
}

/**
 * Reads chunks until the first line is complete: the BOM and the delimiter come from that line. With `atLeast`,
 * reads that many bytes (or the whole input, if shorter) too.
 */
async function peekFirstLine(
  input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  signal?: AbortSignal,
  atLeast = 0,
): Promise<Peeked> {
  const it =
    Symbol.asyncIterator in input
      ? input[Symbol.asyncIterator]()
      : (async function* () {
          yield* input;
        })();
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  let newline = false;
  while (size < Math.max(1 << 16, atLeast)) {
    const r = await nextChunk(it, input, signal);
    if (r.done) {
      done = true;
      break;
    }
    const b = Buffer.isBuffer(r.value) ? r.value : Buffer.from(r.value);
    chunks.push(b);
    size += b.length;
    newline ||= b.includes(10);
    if (newline && size >= atLeast) break;
  }
  return { head: Buffer.concat(chunks), done, it, input };
}

/** Replays the peeked chunks and the rest; with `onNotUtf8`, says once if the bytes are not UTF-8. */
function replayChecked(
  { head, done, it, input }: Peeked,
  onNotUtf8: (() => void) | undefined,
  signal?: AbortSignal,
): { head: Buffer; rest: Readable } {
  let warned = false;
  let carry = Buffer.alloc(0);
  const check = (b: Buffer, last: boolean) => {
    if (!onNotUtf8 || warned) return;
    // A multi-byte character may straddle two chunks: the last character of a chunk (from its lead byte)
    // is checked with the next chunk, and the end of the input is always checked.
    const all = carry.length ? Buffer.concat([carry, b]) : b;
    let cut = all.length;
    if (!last) {
      cut = all.length - 1;
      while (cut > all.length - 4 && cut > 0 && (all[cut] & 0xc0) === 0x80) cut--;
      cut = Math.max(0, cut);
    }
    carry = Buffer.from(all.subarray(cut));
    if (!isUtf8(all.subarray(0, cut))) {
      warned = true;
      onNotUtf8();
    }
  };
  async function* replay(): AsyncGenerator<Buffer> {
    check(head, done);
    yield head;
    if (done) return;
    for (;;) {
      const r = await nextChunk(it, input, signal);
      if (r.done) {
        check(Buffer.alloc(0), true);
        return;
      }
      const b = Buffer.isBuffer(r.value) ? r.value : Buffer.from(r.value);
      check(b, false);
      yield b;
    }
  }
  return { head, rest: Readable.from(replay(), { objectMode: false }) };
}

/** Bytes in `encoding` to UTF-16 strings for csv-parse, `skip` bytes of BOM left out. */
function decodeStream(encoding: string, skip: number): Transform {
  const d = decoderFor(encoding);
  let toSkip = skip;
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, cb) {
      let b = chunk;
      if (toSkip > 0) {
        const n = Math.min(toSkip, b.length);
        b = b.subarray(n);
        toSkip -= n;
      }
      cb(null, d.write(b));
    },
    flush(cb) {
      cb(null, d.end());
    },
  });
}

/** How many rows below a one-cell header are looked at for the real header (a title row above it). */
const TITLE_LOOKAHEAD = 5;

const delimiterName = (d: string) => (d === '\t' ? 'tab' : `"${d}"`);

/** The same error, with more hints. */
function withHints(err: MissingInputError, hints: string[]): MissingInputError {
  return new MissingInputError(err.message, { hints: [...err.hints, ...hints] }, err.need);
}

/** The plan of a header, or undefined when it has no phone column (or another problem). */
function headerPlan(cells: string[], opts: ColumnOptions): ColumnPlan | undefined {
  try {
    return planColumns(cells, opts);
  } catch {
    return undefined;
  }
}

/** A row read as one cell (its delimiter not the one detected from the line above): split at its own. */
function oneCellSplit(cells: string[]): string[] {
  if (cells.length !== 1) return cells;
  return splitLine(cells[0], detectDelimiter(cells[0]));
}

/** The first line of `text` as cells, split at `delimiter` (quotes respected). */
function splitLine(text: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') break;
    else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/**
 * A header without a phone column that another delimiter splits into one with a phone column (a tie between
 * "," and ";" in the header line, "Telefono, cellulare" in a ";" file): the hint that says which delimiter was
 * used and which one to pass. Not when --delimiter was given: the user chose.
 */
function otherDelimiterHint(headText: string, used: string, from: string, opts: ColumnOptions): string | undefined {
  if (from === '--delimiter') return undefined;
  for (const d of [',', ';', '\t', '|']) {
    if (d === used) continue;
    const cells = splitLine(headText, d);
    const flag = `--delimiter ${d === '\t' ? 'tab' : shellWord(d)}`;
    const plan = headerPlan(cells, opts);
    if (plan) {
      const names = plan.phones.map((i) => `"${plan.headers[i]}"`).join(', ');
      return `${splitAt(used, from)}; with ${flag} it has the phone column${plan.phones.length > 1 ? 's' : ''} ${names}.`;
    }
    // A name that holds a delimiter ("Telefono, cellulare") is never taken by its name alone: it is named.
    const named = headerPlan(
      cells.map((c) => c.replace(/[,;\t|]/g, ' ')),
      opts,
    );
    // Only a name that starts as a phone column does ("Telefono, cellulare"; not "Nome,Telefono").
    const i = named?.phones[0];
    if (i !== undefined && headerPlan([cells[i].split(used)[0]], opts)) {
      // By position: --phone-column takes names separated by commas.
      return `${splitAt(used, from)}; with ${flag} --phone-column '#${i + 1}' the column "${cells[i].trim()}" gives the numbers.`;
    }
  }
  return undefined;
}

const splitAt = (used: string, from: string) =>
  `The header was split at ${delimiterName(used)} (${from === 'detected' ? 'detected from the header line' : `named by ${from}`})`;

/**
 * A column naming each row's country, as exports name it (English, Italian, German, Spanish, French, and Google
 * Contacts' "Address 1 - Country"): compared with --default-country on rows whose number is national.
 */
const COUNTRY_HEADER = /^(?:country|country\/region|country code|paese|nazione|land|país|pays|address 1 - country)$/i;

/** Converts a CSV stream; rows with errors are counted and handed to `sink.reject`, valid ones to `sink.contact`. */
export async function convertCsv(
  input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  opts: CsvConvertOptions,
  sink: CsvSink,
): Promise<CsvSummary> {
  checkCountry(opts.defaultCountry);
  const summary: CsvSummary = {
    delimiter: ',',
    encoding: opts.encoding ?? 'utf-8',
    bom: false,
    rows: 0,
    contacts: 0,
    duplicates: 0,
    errors: new ErrorLog(),
    warnings: new ErrorLog(),
    notUtf8: false,
    notes: [],
  };
  const label = opts.label ?? 'input';
  const singleByte = opts.encoding !== undefined && opts.encoding !== 'utf-8' && !opts.encoding.startsWith('utf-16');
  // Under a single-byte --encoding, the first 64 KiB are looked at: UTF-8 bytes there are refused (checkNotUtf8).
  const first = await peekFirstLine(input, opts.signal, singleByte ? UTF8_CHECK_BYTES : 0);
  const bom = sniffBom(first.head);
  if (bom) {
    summary.bom = true;
    // A byte-order mark says what the file is, over --encoding (as README and --help promise): a UTF-8 BOM read
    // as windows-1252 would become "ï»¿" in the first column's name and "Ã©" in every name.
    summary.encoding = bom.encoding;
    if (opts.encoding !== undefined && opts.encoding !== bom.encoding)
      summary.notes.push(
        `note: ${label} starts with a ${bom.encoding === 'utf-8' ? 'UTF-8' : 'UTF-16'} byte-order mark: read as ${bom.encoding}, not as --encoding ${opts.encoding}`,
      );
  } else if (opts.encoding !== undefined) checkNotUtf8(first.head, opts.encoding, label);
  const encoding = summary.encoding;
  const utf8 = encoding === 'utf-8';
  const bomLength = bom?.length ?? 0;
  let headText = decoderFor(encoding).write(first.head.subarray(bomLength));
  // Excel's "sep=;" first line names the delimiter and is no row: it is read, then left out of the input.
  const sepLine = /^sep=([^"\r\n])(?:\r\n|\n|\r)/.exec(headText);
  let skip = bomLength;
  if (sepLine) {
    const chars = sepLine[0];
    skip += encoding.startsWith('utf-16') ? chars.length * 2 : utf8 ? Buffer.byteLength(chars) : chars.length;
    first.head = first.head.subarray(skip);
    headText = headText.slice(chars.length);
    skip = 0;
    if (opts.delimiter !== undefined && opts.delimiter !== sepLine[1])
      summary.notes.push(
        `note: ${label}: its first line "sep=${sepLine[1]}" names the delimiter ${delimiterName(sepLine[1])}; --delimiter ${delimiterName(opts.delimiter)} wins`,
      );
  }
  const { rest } = replayChecked(first, utf8 ? () => (summary.notUtf8 = true) : undefined, opts.signal);
  // UTF-8 goes to csv-parse as bytes (it decodes them, and drops the BOM); anything else is decoded first.
  const source = utf8 ? rest : rest.pipe(decodeStream(encoding, skip));
  if (!utf8) rest.once('error', (err) => source.destroy(err));
  const delimiter = opts.delimiter ?? sepLine?.[1] ?? detectDelimiter(headText);
  /** Where the delimiter came from, for the hints of a header without a phone column. */
  const delimiterFrom = opts.delimiter !== undefined ? '--delimiter' : sepLine ? 'the "sep=" line' : 'detected';
  summary.delimiter = delimiter;

  const parser = source.pipe(
    parse({
      delimiter,
      // Every line ending ends a record outside quotes, as in every spreadsheet: left to itself csv-parse
      // takes the first line's ending for all, and a file exported on Windows (CRLF) with rows appended on
      // Linux (LF) had two people read as one. A quoted cell keeps its line breaks (csv-parse does not look
      // for a record delimiter inside quotes). \r\n first: the first match wins.
      record_delimiter: ['\r\n', '\n', '\r'],
      bom: true,
      relax_column_count: true,
      // A stray quote inside an unquoted cell (Mario "Mimmo" Rossi) is kept as text, as spreadsheets do.
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: MAX_ROW_CHARS,
    }),
  );
  // pipe() does not pass errors on: an input that fails (or is interrupted) must end the parse, not stall it.
  source.once('error', (err) => parser.destroy(err));
  /** The file's country column (COUNTRY_HEADER), and the country the current row's cell names there. */
  let countryColumn = -1;
  let rowCountry: string | undefined;
  const def = opts.defaultCountry;
  const phoneOpts: PhoneOptions = {
    defaultCountry: def,
    withoutPlus: opts.withoutPlus,
    allowTypes: opts.allowTypes,
    // A national number read as --default-country on a row whose country column names another country: the
    // number may well be valid there too, and would reach someone else. Refused, never re-read (a guess).
    refuseNational: () =>
      rowCountry && rowCountry !== def
        ? `the row's ${plan!.headers[countryColumn].trim()} says ${countryName(rowCountry)} (${rowCountry}), but national numbers are read as ${def} (--default-country): write it with +${callingCode(rowCountry)}, or convert that country's rows with --default-country ${rowCountry}`
        : undefined,
  };
  const phone = (raw: string) => toE164(raw, phoneOpts);
  /**
   * Rows that may be a report's footer (Salesforce ends its exports with the report name, a copyright and
   * "Generated By"): failed rows with one cell and no delimiter. Held until a data row follows (then they are
   * errors like any other) or the file ends (then skipped, with one warning). At most FOOTER_MAX are held.
   */
  let held: { row: number; cells: string[]; errors: RowError[] }[] = [];
  const rejectRow = async (row: number, cells: string[], errors: RowError[]) => {
    summary.errors.addRow(errors);
    const p = sink.reject?.(row, cells, errors);
    if (p) await p;
  };
  const release = async () => {
    const rows = held;
    held = [];
    for (const h of rows) await rejectRow(h.row, h.cells, h.errors);
  };
  const seen = new NumberIndex();
  let plan: ColumnPlan | undefined;
  // Row numbers are the file's line numbers (as a spreadsheet numbers them): a "sep=" line counts.
  let row = sepLine ? 1 : 0;
  /** A header of one cell without a phone column (a title row?): the next rows are looked at for the header. */
  let lookahead: { err: MissingInputError; left: number } | undefined;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row++;
      if (lookahead) {
        if (headerPlan(oneCellSplit(cells), opts))
          throw withHints(lookahead.err, [
            `The header seems to be on line ${row}: remove the line${row > 2 ? 's' : ''} above it.`,
          ]);
        if (--lookahead.left === 0) throw lookahead.err;
        continue;
      }
      if (!plan) {
        try {
          plan = planColumns(cells, opts);
        } catch (err) {
          if (!(err instanceof MissingInputError) || !('phoneColumn' in err.need)) throw err;
          if (sepLine && opts.delimiter !== undefined && opts.delimiter !== sepLine[1])
            throw withHints(err, [
              `The file's first line "sep=${sepLine[1]}" names the delimiter ${delimiterName(sepLine[1])}; --delimiter ${delimiterName(opts.delimiter)} won.`,
            ]);
          const hint = otherDelimiterHint(headText, delimiter, delimiterFrom, opts);
          if (hint) throw withHints(err, [hint]);
          if (cells.filter((c) => c.trim() !== '').length > 1) throw err;
          lookahead = { err, left: TITLE_LOOKAHEAD };
          continue;
        }
        summary.plan = plan;
        countryColumn = plan.headers.findIndex((h) => COUNTRY_HEADER.test(h.trim().replace(/\s+/g, ' ')));
        const p = sink.header?.(plan, { delimiter, encoding, bom: summary.bom });
        if (p) await p;
        continue;
      }
      summary.rows++;
      if ((row & 4095) === 0 && opts.signal?.aborted) throw new InterruptedError('interrupted');
      if (isBlank(cells)) continue;
      for (const i of plan.unnamed) {
        const v = (cells[i] ?? '').trim();
        if (v !== '') throw unnamedColumnError(plan, i, row, v, label);
      }
      rowCountry =
        countryColumn >= 0 && opts.defaultCountry
          ? countryOfCell(cells[countryColumn] ?? '', opts.defaultCountry)
          : undefined;
      const r = rowToContact(plan, cells, row, phone);
      let errors = r.errors;
      if (errors && held.length < FOOTER_MAX && isFooterLike(plan, cells)) {
        held.push({ row, cells, errors });
        continue;
      }
      if (held.length) await release();
      if (r.contact) {
        const first = seen.firstRow(r.contact.phone_number, row);
        if (first !== undefined) {
          if (opts.dedupe) {
            summary.duplicates++;
            summary.firstDuplicate ??= { row, of: first, e164: r.contact.phone_number };
            continue;
          }
          errors = [
            {
              row,
              column: columnName(plan, r.phoneColumn),
              value: (cells[r.phoneColumn] ?? '').trim(),
              reason: `duplicate of row ${first} (${r.contact.phone_number}); --dedupe keeps the first`,
            },
          ];
        } else {
          summary.contacts++;
          if (r.warnings) summary.warnings.addRow(r.warnings);
          const p = sink.contact(r.contact);
          if (p) await p;
          continue;
        }
      }
      await rejectRow(row, cells, errors!);
    }
    if (held.length) {
      summary.footer = { first: held[0].row, last: held[held.length - 1].row, count: held.length };
      held = [];
    }
  } catch (err) {
    if (err instanceof CsvError) {
      const lines = (err as CsvError & { lines?: number }).lines;
      const at = lines === undefined ? undefined : lines + (sepLine ? 1 : 0);
      if (err.code === 'CSV_MAX_RECORD_SIZE')
        throw new UsageError(
          `${label}: not a readable CSV: the row at line ${at ?? 1} of the file is longer than ${MAX_ROW_CHARS} characters`,
          { hints: ['Check for a quote that is opened and never closed, and that the file is a CSV export.'] },
        );
      throw new UsageError(`${label}: not a readable CSV${at ? ` (line ${at} of the file)` : ''}: ${err.message}`, {
        hints: ['Check for a quote that is opened and never closed.'],
      });
    }
    throw err;
  }
  if (lookahead) throw lookahead.err;
  if (!plan) throw new UsageError(`${label}: the file is empty (a header row naming the columns is needed)`);
  return summary;
}
