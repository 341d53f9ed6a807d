// The output contract: data to stdout, in the format the user asked for or the one that suits where stdout goes.
// TTY: tables. Piped or --json: the API's `data` as JSON. ndjson: one record per line, streamed. csv: lists.
// -q: only the ids, one per line. --fields chooses and orders the fields of every format; --jq filters the JSON.
import type { Writable } from 'node:stream';
import { UsageError } from '../errors.js';
import { similar } from '../suggest.js';
import type { Pagination } from '../schemas/common.js';
import { redactData } from '../api/redact.js';
import { cell, csvField, humanTime } from './format.js';
import type { JqFilter, JqRuntimeError } from './jq.js';
import { jsonForTerminal, terminalSafe } from './safe.js';
import type * as TableKit from './table.js';
import { type CsvDialect, excelDialect, PLAIN_CSV } from './dialect.js';
import { BatchedWriter, write, type IOStreams } from './streams.js';

export const FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
type Format = (typeof FORMATS)[number];

export interface OutputOptions {
  format: Format;
  quiet: boolean;
  /** CSV cells exactly as the data, without the formula guard (--csv-raw). */
  csvRaw?: boolean;
  /** How CSV is written: RFC 4180 for scripts, or a spreadsheet's form (--excel: BOM, CRLF, the locale's separator). */
  csv?: CsvDialect;
  /** stdout is a terminal: text from outside is made safe for it (src/io/safe.ts). */
  tty?: boolean;
  /**
   * Removes secrets (the key, parts of it, URL credentials) from every string of the data printed, in every format:
   * a service may echo the key in a record. The rest of JSON, ndjson and CSV is the data as it came.
   */
  redact?: (s: string) => string;
  /** --fields: the fields of each record, in this order (table columns, CSV columns, JSON keys). */
  fields?: readonly string[];
  /** --jq: the program, run on the JSON that would be printed (checked by src/cli.ts before the command runs). */
  jq?: string;
}

export function resolveOutput(
  g: {
    json?: boolean;
    output?: string;
    quiet?: boolean;
    csvRaw?: boolean;
    excel?: boolean;
    fields?: readonly string[];
    jq?: string;
  },
  io: IOStreams,
  env: Record<string, string | undefined> = {},
): OutputOptions {
  if (g.output !== undefined && !(FORMATS as readonly string[]).includes(g.output)) {
    throw new UsageError(`--output must be one of ${FORMATS.join(', ')} (got "${g.output}")`);
  }
  // --excel is CSV for a spreadsheet: it needs no -o csv of its own.
  // --jq prints its outputs as JSON, unless -o csv, -o table or --excel asks for them as rows.
  const format: Format =
    g.json || (g.jq !== undefined && g.output === undefined && !g.excel)
      ? 'json'
      : ((g.output as Format | undefined) ?? (g.excel ? 'csv' : io.stdoutIsTTY ? 'table' : 'json'));
  return {
    format,
    quiet: Boolean(g.quiet),
    csvRaw: Boolean(g.csvRaw),
    csv: g.excel ? excelDialect(env) : PLAIN_CSV,
    tty: io.stdoutIsTTY,
    ...(g.fields ? { fields: g.fields } : {}),
    ...(g.jq !== undefined ? { jq: g.jq } : {}),
  };
}

/**
 * --fields against the fields a record has (and the columns a command declares): an unknown name is refused with
 * the nearest ones and the whole list.
 */
function checkFields(fields: readonly string[], accepted: readonly string[], known = accepted): void {
  const unknown = fields.filter((f) => !accepted.includes(f));
  if (unknown.length === 0) return;
  const lines = unknown.map((f) => {
    const near = similar(f, known);
    return `--fields: no field ${terminalSafe(JSON.stringify(f))}${near.length ? `; did you mean ${near.join(' or ')}?` : ''}`;
  });
  throw new UsageError(lines[0], {
    hints: [...lines.slice(1), `The fields: ${known.map((k) => terminalSafe(k)).join(', ')}.`],
  });
}

/** The record with only `fields`, in that order (every field when there is no --fields). */
function pick<T extends Rec>(record: T, fields: readonly string[] | undefined): T {
  if (!fields) return record;
  return Object.fromEntries(fields.map((f) => [f, record[f] ?? null])) as T;
}

/** The columns --fields asks for: a command's own column of that name (how it reads on a terminal), else the raw field. */
function chosenColumns<T extends Rec>(cols: Column<T>[], fields: readonly string[] | undefined): Column<T>[] {
  if (!fields) return cols;
  return fields.map((f) => cols.find((c) => c.key === f) ?? { key: f, time: /At$/.test(f) });
}

/** Writes what jq printed (made safe on a terminal) and its messages; a runtime error after what came before it. */
async function emitJq(
  io: IOStreams,
  out: OutputOptions,
  run: () => Promise<{ out: string; err: string }>,
): Promise<void> {
  const put = async (r: { out: string; err: string }) => {
    if (r.out) await write(io.out, out.tty ? terminalSafe(r.out, { keepNewlines: true }) : r.out);
    if (r.err) await write(io.err, terminalSafe(r.err, { keepNewlines: true }));
  };
  let r: { out: string; err: string };
  try {
    r = await run();
  } catch (e) {
    const printed = (e as Partial<JqRuntimeError>).printed;
    if (printed) await put(printed);
    throw e;
  }
  await put(r);
}

/** The --jq program, compiled; `json`: its outputs as compact JSON whatever the terminal (for rows to print). */
async function jqFilterOf(out: OutputOptions, opts: { json?: boolean } = {}): Promise<JqFilter> {
  const { compileJq } = await import('./jq.js');
  return opts.json
    ? compileJq(out.jq!, { pretty: false, json: true })
    : compileJq(out.jq!, { pretty: Boolean(out.tty) });
}

/** Prints `value` as JSON (indented on a terminal, or always with `indent`), or what --jq makes of it. */
export async function printJson(
  io: IOStreams,
  out: OutputOptions,
  value: unknown,
  opts: { indent?: boolean } = {},
): Promise<void> {
  if (out.redact) value = redactData(value, out.redact);
  if (out.jq !== undefined) {
    const filter = await jqFilterOf(out);
    return emitJq(io, out, () => filter.apply(JSON.stringify(value)));
  }
  const json = JSON.stringify(value, null, (opts.indent ?? io.stdoutIsTTY) ? 2 : undefined);
  await write(io.out, `${io.stdoutIsTTY ? jsonForTerminal(json) : json}\n`);
}

/** --jq on JSON text as it came (`voicectl api`): jq reads it itself, byte for byte. */
export async function printJqText(io: IOStreams, out: OutputOptions, text: string): Promise<void> {
  const filter = await jqFilterOf(out);
  return emitJq(io, out, () => filter.apply(text));
}

/** --jq on each of `values` in turn, as jq on NDJSON (`voicectl api --paginate`: the records of a page). */
export async function printJqEach(io: IOStreams, out: OutputOptions, values: unknown[]): Promise<void> {
  if (values.length === 0) return;
  const filter = await jqFilterOf(out);
  const docs = values.map((v) => JSON.stringify(out.redact ? redactData(v, out.redact) : v));
  return emitJq(io, out, () => filter.applyDocuments(docs));
}

/**
 * What a streamed format writes, as the place it goes can take it: on a terminal, JSON with DEL, C1 and bidi
 * controls written as \u escapes (the same value) and other text made safe; piped, the data itself.
 */
function forScreen(out: OutputOptions): { json: (s: string) => string; text: (s: string) => string } {
  if (!out.tty) return { json: (s) => s, text: (s) => s };
  return { json: jsonForTerminal, text: (s) => terminalSafe(s, { keepNewlines: true }) };
}

/** A CSV line of cells in the dialect asked for: quoted where needed, and formulas neutralised unless --csv-raw. */
export function csvLine(out: Pick<OutputOptions, 'csvRaw' | 'csv'>, cells: unknown[]): string {
  const d = out.csv ?? PLAIN_CSV;
  return `${cells.map((c) => csvField(c, { raw: out.csvRaw, delimiter: d.separator })).join(d.separator)}${d.eol}`;
}

/** The start of a CSV file: its byte-order mark, where the dialect has one. */
export const csvStart = (out: Pick<OutputOptions, 'csv'>): string => (out.csv?.bom ? '\uFEFF' : '');

export interface Column<T = Record<string, unknown>> {
  /** Field name: the CSV header and the default getter. */
  key: string;
  /** Header on a terminal. */
  header?: string;
  /** How the cell reads on a terminal. */
  human?: (record: T) => string;
  /** A timestamp: local time with a relative hint on a terminal. */
  time?: boolean;
  /** Longest cell on a terminal. */
  width?: number;
  /** Takes the width the other columns leave on a terminal, cut with "…"; other columns are dropped before it gets less than this. */
  fill?: number;
  /** Dropped when a row is wider than the terminal, highest first; columns without it are kept. */
  drop?: number;
}

type Rec = Record<string, unknown>;

function humanCell<T extends Rec>(col: Column<T>, r: T): string {
  if (col.human) return col.human(r);
  if (col.time) return humanTime(r[col.key]);
  return cell(r[col.key]);
}

/** A cell as the terminal will show it: made safe first, so that widths are measured on what is really printed. */
function safeCell<T extends Rec>(col: Column<T>, r: T): string {
  const s = humanCell(col, r);
  // The fill column is one line of running text (a message body): its line breaks read as spaces.
  return terminalSafe(col.fill !== undefined ? s.replace(/\s+/g, ' ') : s);
}

/**
 * A table's columns and cells fitted to `width`: each column as wide as its longest cell (or header), columns with
 * `drop` dropped (highest first) while a row would be wider, and the `fill` column cut to what is left.
 * Tables with neither keep every column.
 */
function fitTable<T extends Rec>(
  { cutToWidth, displayWidth, GAP }: typeof TableKit,
  all: Column<T>[],
  rows: T[],
  width: number,
): { cols: Column<T>[]; cells: string[][] } {
  const text = new Map(
    all.map((c) => [
      c,
      rows.map((r) => {
        const s = safeCell(c, r);
        return c.width && c.fill === undefined ? cutToWidth(s, c.width) : s;
      }),
    ]),
  );
  const natural = new Map(
    all.map((c) => [c, text.get(c)!.reduce((n, s) => Math.max(n, displayWidth(s)), displayWidth(headerOf(c)))]),
  );
  const fill = all.find((c) => c.fill !== undefined);
  const need = (cs: Column<T>[]) =>
    cs.reduce((n, c) => n + GAP + (c === fill ? Math.min(c.fill!, natural.get(c)!) : natural.get(c)!), -GAP);
  let cols = all;
  for (;;) {
    const victim = cols.filter((c) => c.drop !== undefined).sort((a, b) => b.drop! - a.drop!)[0];
    if (!victim || need(cols) <= width) break;
    cols = cols.filter((c) => c !== victim);
  }
  const fillWidth = fill
    ? Math.max(displayWidth(headerOf(fill)), width - need(cols.filter((c) => c !== fill)) - GAP)
    : 0;
  const cells = rows.map((_, i) =>
    cols.map((c) => (c === fill ? cutToWidth(text.get(c)![i], fillWidth) : text.get(c)![i])),
  );
  return { cols, cells };
}

/** One header style for every table, as gh prints them: upper case, words apart (a field's name `startedAt` is STARTED AT). */
const headerOf = (c: { header?: string; key: string }) =>
  terminalSafe(c.header ?? c.key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ')).toUpperCase();

/** Columns for records whose fields the reference does not document: id, status and timestamps first. */
export function inferColumns(sample: Rec | undefined, max = 8): Column[] {
  if (!sample) return [{ key: 'id' }];
  const keys = Object.keys(sample).filter((k) => {
    const v = sample[k];
    return v === null || typeof v !== 'object';
  });
  const rank = (k: string) => (k === 'id' ? 0 : k === 'status' ? 1 : /At$/.test(k) ? 2 : 3);
  return keys
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, max)
    .map((key) => ({ key, time: /At$/.test(key) }));
}

export interface ListPrintOptions<T> {
  columns: Column<T>[] | ((first: T | undefined) => Column<T>[]);
  /** Shown on stderr when a terminal list is empty. */
  emptyMessage?: string;
  /** Set when the user asked for one page: JSON output becomes {data, pagination}. */
  pagination?: Pagination;
  /** Field printed by -q. */
  idKey?: string;
}

async function asyncIter<T>(source: AsyncIterable<T> | Iterable<T>): Promise<AsyncIterator<T>> {
  if (Symbol.asyncIterator in source) return (source as AsyncIterable<T>)[Symbol.asyncIterator]();
  const it = (source as Iterable<T>)[Symbol.iterator]();
  return { next: async () => it.next() };
}

/**
 * The value of `field` in `record`: its own key, else a path into nested objects (`fields.Name`), else the one
 * nested key of that name (a contact's own column `Name`, under `fields`).
 */
function valueAt(record: Rec, field: string): { value: unknown } | undefined {
  if (field in record) return { value: record[field] };
  let v: unknown = record;
  for (const part of field.split('.')) {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !(part in (v as Rec))) {
      v = undefined;
      break;
    }
    v = (v as Rec)[part];
  }
  if (v !== undefined) return { value: v };
  const inner = Object.entries(flatten(record)).filter(([k]) => k.endsWith(`.${field}`));
  return inner.length === 1 ? { value: inner[0][1] } : undefined;
}

/** --fields that name nested values (`fields.Name`, `Name`): each record with those values as keys of their own. */
function withPaths<T extends Rec>(it: AsyncIterator<T>, fields: readonly string[] | undefined): AsyncIterator<T> {
  if (!fields) return it;
  return {
    next: async () => {
      const r = await it.next();
      if (r.done) return r;
      let copy: Rec | undefined;
      for (const f of fields) {
        if (f in r.value) continue;
        const found = valueAt(r.value, f);
        if (found) (copy ??= { ...r.value })[f] = found.value;
      }
      return copy ? { done: false, value: copy as T } : r;
    },
  };
}

/** The records of `it` with every string redacted (keys too), when there is a redactor. */
function redacting<T>(it: AsyncIterator<T>, redact: ((s: string) => string) | undefined): AsyncIterator<T> {
  if (!redact) return it;
  return {
    next: async () => {
      const r = await it.next();
      return r.done ? r : { done: false, value: redactData(r.value, redact) as T };
    },
  };
}

/** Prints a list, streaming where the format allows (json, ndjson, csv, -q); tables need every row first. */
export async function printList<T extends Rec>(
  io: IOStreams,
  out: OutputOptions,
  source: AsyncIterable<T> | Iterable<T>,
  opts: ListPrintOptions<T>,
): Promise<number> {
  // Redacted once, here, for every format: tables and records are drawn from the redacted data.
  const it = withPaths(redacting(await asyncIter(source), out.redact), out.fields);
  const stream: Writable = io.out;
  let first = await it.next();
  const declared = (r: T | undefined) => (typeof opts.columns === 'function' ? opts.columns(r) : opts.columns);
  if (out.fields && !first.done) {
    const keys = [...declared(first.value).map((c) => c.key), ...Object.keys(first.value)];
    // Nested values are named by their path (fields.Name) or, when one only has it, their own name.
    const paths = Object.keys(flatten(first.value)).flatMap((k) => (k.includes('.') ? [k, k.split('.').at(-1)!] : []));
    // A path into an object the first record has (fields.company) may be filled only in later records.
    const record: Rec = first.value;
    const objects = out.fields.filter((f) => {
      const head = record[f.split('.')[0]];
      return f.includes('.') && head !== null && typeof head === 'object' && !Array.isArray(head);
    });
    const known = [...new Set([...keys, ...paths])];
    checkFields(out.fields, [...known, ...objects], known);
  }
  const columnsFor = (r: T | undefined) => chosenColumns(declared(r), out.fields);
  if (out.jq !== undefined && !out.quiet) {
    if (out.format === 'csv' || out.format === 'table') return jqRows(io, out, picking(it, out.fields), first);
    return jqList(io, out, picking(it, out.fields), first, opts);
  }
  if (out.format !== 'table' || out.quiet) {
    const batch = new BatchedWriter(stream);
    // JSON and ndjson records narrowed to --fields; CSV takes its columns from them.
    const narrowed = out.format === 'csv' ? it : picking(it, out.fields);
    if (!first.done && out.format !== 'csv') first = { done: false, value: pick(first.value, out.fields) };
    try {
      return await streamList(narrowed, first, out, opts, (text) => batch.push(text), columnsFor);
    } finally {
      await batch.flush();
    }
  }
  const rows: T[] = [];
  for (; !first.done; first = await it.next()) rows.push(first.value);
  if (rows.length === 0) {
    await write(io.err, `${opts.emptyMessage ?? 'No results.'}\n`);
    return 0;
  }
  const [kit, bold] = await Promise.all([import('./table.js'), boldFor(io)]);
  await kit.loadWidthsFor(rows);
  const { cols, cells } = fitTable(kit, columnsFor(rows[0]), rows, io.columns || 120);
  const head = cols.map((c) => headerOf(c));
  await write(stream, kit.renderTable([head, ...cells], { style: bold && ((s, row) => (row === 0 ? bold(s) : s)) }));
  if (opts.pagination && opts.pagination.totalPages > opts.pagination.page) {
    const p = opts.pagination;
    await write(
      io.err,
      `Page ${p.page} of ${p.totalPages} (${p.total} in all). Next: --page ${p.page + 1}, or --all for every page.\n`,
    );
  }
  return rows.length;
}

/**
 * The columns of a CSV list: the command's own (in its order), then every other field of the first record, so that
 * CSV holds what --json holds. A nested value (an object, an array) is one cell of compact JSON, whatever its
 * shape in later records; the formula guard applies to it as to any cell. The header is written before the
 * rest arrives: a field that only later records have is not a column.
 */
function csvKeys<T extends Rec>(cols: Column<T>[], sample: T | undefined, fields?: readonly string[]): string[] {
  const keys = cols.map((c) => c.key);
  if (fields) return keys;
  const known = new Set(keys);
  return [...keys, ...Object.keys(sample ?? {}).filter((k) => !known.has(k))];
}

type Writer = (text: string) => Promise<void> | undefined;

/**
 * One JSON document of the records, written as they arrive. A walk that stops early (a page failed, Ctrl-C) still
 * leaves one valid JSON document, the records printed; the error, the resume command and the exit code (never 0)
 * say it is not all.
 */
async function streamJson<T extends Rec>(
  it: AsyncIterator<T>,
  first: IteratorResult<T>,
  out: OutputOptions,
  pagination: unknown,
  write: Writer,
): Promise<number> {
  const screen = forScreen(out);
  const wrap = pagination !== undefined;
  let count = 0;
  await write(wrap ? '{"data":[' : '[');
  const close = () => (count === 0 ? ']' : '\n]');
  while (!first.done) {
    await write(`${count === 0 ? '\n' : ',\n'}  ${screen.json(JSON.stringify(first.value))}`);
    count++;
    try {
      first = await it.next();
    } catch (err) {
      await write(wrap ? `${close()}}\n` : `${close()}\n`);
      throw err;
    }
  }
  await write(wrap ? `${close()},"pagination":${JSON.stringify(pagination)}}\n` : `${close()}\n`);
  return count;
}

/** CSV of the records: the header from the first record's columns, then a line each. */
async function streamCsv<T extends Rec>(
  it: AsyncIterator<T>,
  first: IteratorResult<T>,
  out: OutputOptions,
  write: Writer,
  columnsFor: (r: T | undefined) => Column<T>[],
): Promise<number> {
  const screen = forScreen(out);
  const sample = first.done ? undefined : first.value;
  const keys = csvKeys(columnsFor(sample), sample, out.fields);
  await write(csvStart(out) + screen.text(csvLine(out, keys)));
  let count = 0;
  for (; !first.done; first = await it.next(), count++) {
    const r = first.value;
    await write(
      screen.text(
        csvLine(
          out,
          keys.map((k) => r[k]),
        ),
      ),
    );
  }
  return count;
}

/** The streamed formats (json, ndjson, csv, -q): each record is written as soon as it is there. */
async function streamList<T extends Rec>(
  it: AsyncIterator<T>,
  first: IteratorResult<T>,
  out: OutputOptions,
  opts: ListPrintOptions<T>,
  write: Writer,
  columnsFor: (r: T | undefined) => Column<T>[],
): Promise<number> {
  const screen = forScreen(out);
  let count = 0;
  if (out.quiet) {
    const idKey = opts.idKey ?? 'id';
    for (; !first.done; first = await it.next(), count++) await write(`${screen.text(cell(first.value[idKey]))}\n`);
    return count;
  }
  switch (out.format) {
    case 'json':
      return streamJson(it, first, out, opts.pagination, write);
    case 'ndjson':
      for (; !first.done; first = await it.next(), count++)
        await write(`${screen.json(JSON.stringify(first.value))}\n`);
      return count;
    case 'csv':
      return streamCsv(it, first, out, write, columnsFor);
    default:
      throw new Error(`streamList: ${out.format}`);
  }
}

/** The records of `it` narrowed to --fields. */
function picking<T extends Rec>(it: AsyncIterator<T>, fields: readonly string[] | undefined): AsyncIterator<T> {
  if (!fields) return it;
  return {
    next: async () => {
      const r = await it.next();
      return r.done ? r : { done: false, value: pick(r.value, fields) };
    },
  };
}

/**
 * --jq with -o csv, -o table or --excel: the program's outputs as rows. An object is a row, its keys the columns (in
 * the order they first appear), in the CSV of every list: a header, formulas neutralised; any other value is a row
 * of one column, `value`.
 */
async function jqRows<T extends Rec>(
  io: IOStreams,
  out: OutputOptions,
  it: AsyncIterator<T>,
  first: IteratorResult<T>,
): Promise<number> {
  const filter = await jqFilterOf(out, { json: true });
  const rows: T[] = [];
  for (let r = first; !r.done; r = await it.next()) rows.push(r.value);
  const result = await filter.apply(JSON.stringify(rows));
  if (result.err) await write(io.err, terminalSafe(result.err, { keepNewlines: true }));
  const values = result.out
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);
  const records = values.map((v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : ({ value: v } as Rec),
  );
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
  return printList(io, { ...out, jq: undefined, fields: undefined }, records, {
    columns: keys.map((key) => ({ key, time: /At$/.test(key) })),
  });
}

/** Records given to jq at once when it runs record by record: a page or so, so that memory stays flat. */
const JQ_CHUNK = 100;

/**
 * --jq on a list: the program sees what --json prints. A program that starts with `.[]` runs on the records as they
 * arrive (with --all, a listing of any length in flat memory); any other needs the whole list first.
 */
async function jqList<T extends Rec>(
  io: IOStreams,
  out: OutputOptions,
  it: AsyncIterator<T>,
  first: IteratorResult<T>,
  opts: ListPrintOptions<T>,
): Promise<number> {
  const filter = await jqFilterOf(out);
  const head = first.done ? undefined : pick(first.value, out.fields);
  let count = 0;
  if (filter.each !== undefined && opts.pagination === undefined) {
    let chunk: string[] = [];
    const flush = async () => {
      const records = chunk;
      chunk = [];
      if (records.length) await emitJq(io, out, () => filter.applyEach(records));
    };
    for (let r: IteratorResult<T> = head ? { done: false, value: head } : first; !r.done; r = await it.next()) {
      chunk.push(JSON.stringify(r.value));
      count++;
      if (chunk.length >= JQ_CHUNK) await flush();
    }
    await flush();
    return count;
  }
  const rows: T[] = [];
  for (let r: IteratorResult<T> = head ? { done: false, value: head } : first; !r.done; r = await it.next())
    rows.push(r.value);
  const doc = opts.pagination !== undefined ? { data: rows, pagination: opts.pagination } : rows;
  await emitJq(io, out, () => filter.apply(JSON.stringify(doc)));
  return rows.length;
}

export interface Field<T = Rec> {
  key: string;
  label?: string;
  human?: (record: T) => string;
  time?: boolean;
  /** Longest value on a terminal, in cells; cut with "…". */
  width?: number;
}

/** Nested objects as dotted keys: {scopes: {'tts:read': true}} → {'scopes.tts:read': true}. Arrays and {} stay whole. */
function flatten(record: Rec, prefix = '', into: Rec = {}): Rec {
  for (const [k, v] of Object.entries(record)) {
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0)
      flatten(v as Rec, `${prefix}${k}.`, into);
    else into[`${prefix}${k}`] = v;
  }
  return into;
}

/**
 * The header/value pairs of a record in CSV: the values of the fields shown on a terminal, as data (true/false, not
 * yes/no). A nested object becomes one column per value (counters.completed); a field that names a nested value
 * (tts:read, inside scopes) takes it; a field with no value in the record takes what the terminal shows.
 */
function recordCsv<T extends Rec>(record: T, fields?: Field<T>[]): [string, unknown][] {
  const flat = Object.entries(flatten(record));
  return (fields ?? Object.keys(record).map((key) => ({ key }) as Field<T>)).flatMap((f): [string, unknown][] => {
    if (record[f.key] !== undefined) return Object.entries(flatten({ [f.key]: record[f.key] }));
    const inner = flat.find(([k]) => k.endsWith(`.${f.key}`));
    return [[f.key, inner ? inner[1] : f.human?.(record)]];
  });
}

/** Prints one record: key/value rows on a terminal, its JSON otherwise. */
export async function printRecord<T extends Rec>(
  io: IOStreams,
  out: OutputOptions,
  record: T,
  fields?: Field<T>[],
  idKey = 'id',
): Promise<void> {
  const screen = forScreen(out);
  if (out.redact) record = redactData(record, out.redact) as T;
  if (out.quiet) return void (await write(io.out, `${screen.text(cell(record[idKey]))}\n`));
  if (out.fields) {
    checkFields(out.fields, [...new Set([...(fields ?? []).map((f) => f.key), ...Object.keys(record)])]);
    fields = out.fields.map(
      (key) => fields?.find((f) => f.key === key) ?? ({ key, time: /At$/.test(key) } as Field<T>),
    );
    if (out.format !== 'table' && out.format !== 'csv') record = pick(record, out.fields);
  }
  if (out.jq !== undefined) {
    const filter = await jqFilterOf(out);
    const json = JSON.stringify(record);
    return emitJq(io, out, () => filter.apply(json));
  }
  if (out.format === 'json') return void (await write(io.out, `${screen.json(JSON.stringify(record, null, 2))}\n`));
  if (out.format === 'ndjson') return void (await write(io.out, `${screen.json(JSON.stringify(record))}\n`));
  if (out.format === 'csv') {
    const columns = recordCsv(record, fields);
    return void (await write(
      io.out,
      csvStart(out) +
        screen.text(
          csvLine(
            out,
            columns.map(([k]) => k),
          ) +
            csvLine(
              out,
              columns.map(([, v]) => v),
            ),
        ),
    ));
  }
  const [{ cutToWidth, renderTable, loadWidthsFor }, bold] = await Promise.all([import('./table.js'), boldFor(io)]);
  await loadWidthsFor(record);
  const rows = (fields ?? Object.keys(record).map((key) => ({ key, time: /At$/.test(key) }) as Field<T>))
    .map((f) => {
      // Multi-line values (a message body) keep their lines; every other control is shown as an escape.
      const raw = f.human ? f.human(record) : f.time ? humanTime(record[f.key]) : cell(record[f.key]);
      const value = terminalSafe(raw, { keepNewlines: true });
      return [terminalSafe(f.label ?? f.key), f.width ? cutToWidth(value, f.width) : value];
    })
    .filter(([, v]) => v !== '');
  await write(io.out, renderTable(rows, { style: bold && ((s, _row, column) => (column === 0 ? bold(s) : s)) }));
}

/**
 * Bold when the CLI allows colors (io.color: colorAllowed), else undefined. chalk's level is set from that one
 * decision: its own detection (supports-color) reads the environment again and turned bold off for CI=false,
 * TERM=dumb and the like, which colorAllowed does not treat as "no colors".
 */
async function boldFor(io: IOStreams): Promise<((s: string) => string) | undefined> {
  if (!io.color) return undefined;
  const { Chalk } = await import('chalk');
  return new Chalk({ level: 1 }).bold;
}
