// CSV bytes to rows: the byte-order mark, Excel's "sep=" line, the delimiter, the encoding, csv-parse, and the
// header (found below a title row, with a hint when another delimiter would have found its phone column). One row
// in memory at a time. Loads csv-parse: import this module lazily.
import { Readable, Transform } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { InterruptedError, UsageError } from '../errors.js';
import { shellWord } from '../io/shell.js';
import {
  checkNotUtf8,
  countLines,
  decoderFor,
  guessEncoding,
  isSingleByte,
  notUtf8Error,
  sniffBom,
  startsAsUtf8,
  UTF8_CHECK_BYTES,
  utf8Checker,
} from '../io/encoding.js';
import { type ColumnOptions, type ColumnPlan, detectDelimiter, MissingInputError, planColumns } from './columns.js';
import { type Chunks, peekUntil } from './source.js';

/**
 * The longest row read, in characters: 4 Mi. A contact's row is a few hundred characters, and a long note (a 1 MB
 * cell) still converts; beyond it the input is not an export (/dev/zero, a binary file) or a quote was never closed,
 * and it fails there, at once, instead of filling the memory with one endless row.
 */
const MAX_ROW_CHARS = 4 * 1024 * 1024;

/**
 * The most columns a header may have. CRM exports with every custom field run to a few hundred; beyond this a file
 * is not a contact list, and every contact would carry thousands of fields into memory and the campaign's body
 * (20,000 columns of 45 rows took 274 MB in campaigns create).
 */
const MAX_COLUMNS = 2_000;

/**
 * How the rejects file is written: as the input was, to open where the input came from. An input in a multi-byte
 * legacy encoding (shift_jis, gbk, ...) gives a UTF-8 file with a BOM, which Excel opens in every language: the
 * platform decodes those encodings but does not encode them.
 */
export interface CsvFormat {
  delimiter: string;
  encoding: string;
  bom: boolean;
}

export interface RowsOptions extends ColumnOptions {
  delimiter?: string;
  /** A canonical name from encodingName(); a BOM in the file decides before it. Default: UTF-8. */
  encoding?: string;
  signal?: AbortSignal;
}

export interface CsvRows {
  plan: ColumnPlan;
  format: CsvFormat;
  /** What was decided about the file itself (its encoding, a BOM over --encoding, Excel's "sep=" line), for stderr. */
  notes: string[];
  /** Bytes that are not UTF-8 were seen while reading as UTF-8 (known once the rows were all read). */
  notUtf8(): boolean;
  /** The data rows, each with its line number in the file (as a spreadsheet numbers it: the header is 1). */
  rows: AsyncIterable<{ row: number; cells: string[] }>;
}

/** The input as a byte stream whose first bytes can be read and put back (`unshift`). */
function toStream(input: Chunks): Readable {
  return input instanceof Readable ? input : Readable.from(input, { objectMode: false });
}

/**
 * The start of a file whose text the delimiter and the hints are found in: the header line, or its first 64 KiB. A
 * file is read in chunks of this size; input handed over whole (one chunk of 30 MB) is not decoded whole for it.
 */
const HEAD_BYTES = 1 << 16;

/**
 * Reads until the first line is complete: the BOM and the delimiter come from that line. With `atLeast`, reads that
 * many bytes (or the whole input, if shorter) too.
 */
function firstLine(stream: Readable, signal: AbortSignal | undefined, atLeast: number) {
  return peekUntil(
    stream,
    (h) => h.length >= Math.max(HEAD_BYTES, atLeast) || (h.includes(10) && h.length >= atLeast),
    signal,
  );
}

/** Calls `onNotUtf8` once if the bytes that flow through `stream` are not UTF-8. */
function checkUtf8Stream(stream: Readable, onNotUtf8: () => void): void {
  const utf8 = utf8Checker();
  const check = (chunk: Buffer) => {
    if (!utf8.write(chunk)) fail();
  };
  const fail = () => {
    stream.off('data', check);
    stream.off('end', atEnd);
    onNotUtf8();
  };
  const atEnd = () => {
    if (!utf8.end()) fail();
  };
  stream.on('data', check);
  stream.once('end', atEnd);
}

/**
 * Bytes in `encoding` to UTF-16 strings for csv-parse, `skip` bytes of BOM left out. `invalid`: for a multi-byte
 * encoding, the error of a byte sequence that has no character in it (a file in another encoding, or cut), at
 * its line (the first line of the input is `firstLine`): decoded, it would be a "\uFFFD" in a name the
 * campaign says aloud, as for UTF-8.
 */
function decodeStream(
  encoding: string,
  skip: number,
  invalid?: { firstLine: number; error: (line: number) => Error },
): Transform {
  const d = decoderFor(encoding);
  let toSkip = skip;
  let line = invalid?.firstLine ?? 1;
  let cr = false;
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, cb) {
      let b = chunk;
      if (toSkip > 0) {
        const n = Math.min(toSkip, b.length);
        b = b.subarray(n);
        toSkip -= n;
      }
      const text = d.write(b);
      if (invalid) {
        // No character of these encodings decodes to U+FFFD: it stands for bytes that are not one.
        const bad = text.indexOf('\uFFFD');
        const read = bad < 0 ? text : text.slice(0, bad);
        // A CRLF cut between two chunks is one line break.
        line += countLines(read) - (cr && read.startsWith('\n') ? 1 : 0);
        if (bad >= 0) return cb(invalid.error(line));
        if (text) cr = text.endsWith('\r');
      }
      cb(null, text);
    },
    flush(cb) {
      const text = d.end();
      if (invalid && text.includes('\uFFFD')) return cb(invalid.error(line));
      cb(null, text);
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

/** The file's first bytes decoded: BOM, encoding, Excel's "sep=" line, the delimiter, and where it came from. */
function sniff(head: Buffer, opts: RowsOptions, label: string) {
  const notes: string[] = [];
  const bom = sniffBom(head);
  let encoding = opts.encoding ?? 'utf-8';
  if (bom) {
    // A byte-order mark says what the file is, over --encoding (as README and --help promise): a UTF-8 BOM read
    // as windows-1252 would become "ï»¿" in the first column's name and "Ã©" in every name.
    encoding = bom.encoding;
    if (opts.encoding !== undefined && opts.encoding !== bom.encoding)
      notes.push(
        `note: ${label} starts with a ${bom.encoding === 'utf-8' ? 'UTF-8' : 'UTF-16'} byte-order mark: read as ${bom.encoding}, not as --encoding ${opts.encoding}`,
      );
  } else if (opts.encoding !== undefined) checkNotUtf8(head, opts.encoding, label);
  const utf8 = encoding === 'utf-8';
  const bomLength = bom?.length ?? 0;
  let headText = decoderFor(encoding).write(head.subarray(bomLength, bomLength + HEAD_BYTES));
  // Excel's "sep=;" first line names the delimiter and is no row: it is read, then left out of the input.
  const sepLine = /^sep=([^"\r\n])(?:\r\n|\n|\r)/.exec(headText);
  /** Bytes of the start left out of the input (the BOM and a "sep=" line), and BOM bytes the decoder skips. */
  let cut = 0;
  let skip = bomLength;
  if (sepLine) {
    const chars = sepLine[0];
    cut = skip + (encoding.startsWith('utf-16') ? chars.length * 2 : utf8 ? Buffer.byteLength(chars) : chars.length);
    headText = headText.slice(chars.length);
    skip = 0;
    if (opts.delimiter !== undefined && opts.delimiter !== sepLine[1])
      notes.push(
        `note: ${label}: its first line "sep=${sepLine[1]}" names the delimiter ${delimiterName(sepLine[1])}; --delimiter ${delimiterName(opts.delimiter)} wins`,
      );
  }
  const delimiter = opts.delimiter ?? sepLine?.[1] ?? detectDelimiter(headText);
  /** Where the delimiter came from, for the hints of a header without a phone column. */
  const from = opts.delimiter !== undefined ? '--delimiter' : sepLine ? 'the "sep=" line' : 'detected';
  return { cut, notes, encoding, utf8, bom: Boolean(bom), skip, headText, sepLine, delimiter, from };
}

/** Reads a CSV up to its header, and hands out its data rows. Throws UsageError for a file that cannot work. */
export async function readCsv(input: Chunks, opts: RowsOptions, label: string): Promise<CsvRows> {
  const stream = toStream(input);
  const unicode = opts.encoding === 'utf-8' || opts.encoding?.startsWith('utf-16');
  // Unless --encoding names UTF-8 or UTF-16, the first 64 KiB are looked at: without --encoding, bytes that are
  // not UTF-8 are told before any column is looked for; under a legacy --encoding, UTF-8 bytes are refused.
  const first = await firstLine(stream, opts.signal, unicode ? 0 : UTF8_CHECK_BYTES);
  const told = await encodingOf(first.head, opts.encoding, label);
  const s = sniff(first.head, { ...opts, encoding: told.encoding }, label);
  if (told.note) s.notes.unshift(told.note);
  const kept = first.head.subarray(s.cut);
  let rest = stream;
  if (first.ended) rest = Readable.from([kept], { objectMode: false });
  else if (kept.length) stream.unshift(kept);
  let notUtf8 = false;
  if (s.utf8) checkUtf8Stream(rest, () => (notUtf8 = true));
  // UTF-8 goes to csv-parse as bytes (it decodes them, and drops the BOM); anything else is decoded first.
  const multiByte = !s.utf8 && !s.encoding.startsWith('utf-16') && !isSingleByte(s.encoding);
  const invalid = multiByte
    ? {
        firstLine: s.sepLine ? 2 : 1,
        error: (line: number) =>
          new UsageError(
            `${label}: line ${line} of the file is not valid ${s.encoding}: a byte sequence there is no character (read as ${s.encoding}${told.note ? ', as its first bytes say' : ', by --encoding'})`,
            { hints: ['Name the encoding the file was saved in with --encoding, or check that the file is whole.'] },
          ),
      }
    : undefined;
  const source = s.utf8 ? rest : rest.pipe(decodeStream(s.encoding, s.skip, invalid));
  if (!s.utf8) rest.once('error', (err) => source.destroy(err));
  const parser = source.pipe(
    parse({
      delimiter: s.delimiter,
      // Every line ending ends a record outside quotes, as in every spreadsheet: left to itself csv-parse
      // takes the first line's ending for all, and a file exported on Windows (CRLF) with rows appended on
      // Linux (LF) had two people read as one. A quoted cell keeps its line breaks. \r\n first: the first match wins.
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
  // Ctrl-C ends the parse at once, even while a read waits on a pipe or a FIFO that sends nothing more.
  const stop = () => {
    parser.destroy(new InterruptedError('interrupted'));
    stream.destroy();
  };
  if (opts.signal?.aborted) stop();
  else opts.signal?.addEventListener('abort', stop, { once: true });
  parser.once('close', () => opts.signal?.removeEventListener('abort', stop));
  const lineOffset = s.sepLine ? 1 : 0;
  const it = csvErrors((parser as AsyncIterable<string[]>)[Symbol.asyncIterator](), label, lineOffset);
  const { plan, row } = await header(it, s, opts, lineOffset, label).catch((err: unknown) => {
    // A header that has not the column asked for: the encoding read from the bytes may be why.
    if (told.note && err instanceof UsageError) err.hints.push(told.note.replace(/^note: /, ''));
    throw err;
  });
  if (plan.headers.length > MAX_COLUMNS)
    throw new UsageError(
      `${label}: the header has ${plan.headers.length.toLocaleString('en-US')} columns; a contacts file is read with at most ${MAX_COLUMNS.toLocaleString('en-US')}`,
      {
        hints: [
          'Export only the columns the campaign needs (a phone column and the fields the agent uses). Nothing was written or sent.',
        ],
      },
    );
  return {
    plan,
    format: multiByte
      ? { delimiter: s.delimiter, encoding: 'utf-8', bom: true }
      : { delimiter: s.delimiter, encoding: s.encoding, bom: s.bom },
    notes: s.notes,
    notUtf8: () => notUtf8,
    rows: (async function* () {
      let n = row;
      for (let r = await it.next(); !r.done; r = await it.next()) yield { row: ++n, cells: r.value };
    })(),
  };
}

type Sniffed = ReturnType<typeof sniff>;

/**
 * The encoding to read a file in: --encoding if given; else, for a start without a BOM that is not UTF-8, the
 * multi-byte encoding its bytes clearly are (guessEncoding), with the note that says so. A start that is not
 * UTF-8 and not clearly one of those is refused here, before its header is read as columns: read as UTF-8,
 * its names would not match (`no column "携帯電話"`) and the error would be about the wrong thing.
 */
async function encodingOf(
  head: Buffer,
  encoding: string | undefined,
  label: string,
): Promise<{ encoding?: string; note?: string }> {
  const start = head.subarray(0, UTF8_CHECK_BYTES);
  if (encoding !== undefined || sniffBom(head) || startsAsUtf8(start)) return { encoding };
  const guess = await guessEncoding(start);
  if (!guess?.sure) throw notUtf8Error(label, guess);
  return {
    encoding: guess.encoding,
    note: `note: ${label} is not UTF-8: read as ${guess.encoding} (${guess.language}), as its bytes say; --encoding ${guess.encoding} states it`,
  };
}

/** The header's plan, found in the first line or (below a title row) in the next TITLE_LOOKAHEAD. */
async function header(
  it: AsyncIterator<string[]>,
  s: Sniffed,
  opts: RowsOptions,
  lineOffset: number,
  label: string,
): Promise<{ plan: ColumnPlan; row: number }> {
  let row = lineOffset;
  let lookahead: { err: MissingInputError; left: number } | undefined;
  for (let r = await it.next(); !r.done; r = await it.next()) {
    const cells = r.value;
    row++;
    if (lookahead) {
      if (headerPlan(oneCellSplit(cells), opts))
        throw withHints(lookahead.err, [
          `The header seems to be on line ${row}: remove the line${row > 2 ? 's' : ''} above it.`,
        ]);
      if (--lookahead.left === 0) throw lookahead.err;
      continue;
    }
    try {
      const plan = planColumns(cells, { ...opts, phonesByValues: true });
      if (!plan.missing) return { plan, row };
      // A header of several cells without a phone column by name: its values may show one (csv.ts), unless the
      // header itself says what went wrong (another delimiter, an overridden "sep=" line).
      if (cells.filter((c) => c.trim() !== '').length > 1) return { plan: byValuesOrThrow(plan, cells, s, opts), row };
      lookahead = { err: noPhoneColumn(plan.missing, cells, s, opts), left: TITLE_LOOKAHEAD };
    } catch (err) {
      lookahead = { err: noPhoneColumn(err, cells, s, opts), left: TITLE_LOOKAHEAD };
    }
  }
  if (lookahead) throw lookahead.err;
  throw new UsageError(`${label}: the file is empty (a header row naming the columns is needed)`);
}

/**
 * A header line without a phone column: the error with what explains it (the "sep=" line overridden, another
 * delimiter), thrown; or, for a line of one cell (a title row?), returned so the next lines are looked at.
 */
function noPhoneColumn(err: unknown, cells: string[], s: Sniffed, opts: RowsOptions): MissingInputError {
  if (!(err instanceof MissingInputError) || !('phoneColumn' in err.need)) throw err;
  if (s.sepLine && opts.delimiter !== undefined && opts.delimiter !== s.sepLine[1])
    throw withHints(err, [
      `The file's first line "sep=${s.sepLine[1]}" names the delimiter ${delimiterName(s.sepLine[1])}; --delimiter ${delimiterName(opts.delimiter)} won.`,
    ]);
  const hint = otherDelimiterHint(s.headText, s.delimiter, s.from, opts);
  if (hint) throw withHints(err, [hint]);
  if (cells.filter((c) => c.trim() !== '').length > 1) throw err;
  return err;
}

/** The plan whose phone columns the values will show, or the header's own error when the header explains it. */
function byValuesOrThrow(plan: ColumnPlan, cells: string[], s: Sniffed, opts: RowsOptions): ColumnPlan {
  try {
    noPhoneColumn(plan.missing, cells, s, opts);
  } catch (err) {
    if (err !== plan.missing) throw err;
  }
  return plan;
}

/** csv-parse's errors as the usage errors they are, with the line of the file. */
function csvErrors(it: AsyncIterator<string[]>, label: string, lineOffset: number): AsyncIterator<string[]> {
  return {
    next: async () => {
      try {
        return await it.next();
      } catch (err) {
        if (!(err instanceof CsvError)) throw err;
        const lines = (err as CsvError & { lines?: number }).lines;
        const at = lines === undefined ? undefined : lines + lineOffset;
        if (err.code === 'CSV_MAX_RECORD_SIZE')
          throw new UsageError(
            `${label}: not a readable CSV: the row at line ${at ?? 1} of the file is longer than ${MAX_ROW_CHARS} characters`,
            { hints: ['Check for a quote that is opened and never closed, and that the file is a CSV export.'] },
          );
        throw new UsageError(`${label}: not a readable CSV${at ? ` (line ${at} of the file)` : ''}: ${err.message}`, {
          hints: ['Check for a quote that is opened and never closed.'],
        });
      }
    },
  };
}
