// The output contract: data to stdout, in the format the user asked for or the one that suits where stdout goes.
// TTY: tables. Piped or --json: the API's `data` as JSON. ndjson: one record per line, streamed. csv: lists.
// -q: only the ids, one per line.
import type { Writable } from 'node:stream';
import { UsageError } from '../errors.js';
import type { Pagination } from '../schemas/common.js';
import { cell, csvField, humanTime, truncate } from './format.js';
import { BatchedWriter, write, type IOStreams } from './streams.js';

export const FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

export interface OutputOptions {
  format: Format;
  quiet: boolean;
}

export function resolveOutput(g: { json?: boolean; output?: string; quiet?: boolean }, io: IOStreams): OutputOptions {
  if (g.output !== undefined && !(FORMATS as readonly string[]).includes(g.output)) {
    throw new UsageError(`--output must be one of ${FORMATS.join(', ')} (got "${g.output}")`);
  }
  const format: Format = g.json ? 'json' : ((g.output as Format | undefined) ?? (io.stdoutIsTTY ? 'table' : 'json'));
  return { format, quiet: Boolean(g.quiet) };
}

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

/** Space between two columns of a table. */
const GAP = 2;

/**
 * A table's columns and cells fitted to `width`: each column as wide as its longest cell (or header), columns with
 * `drop` dropped (highest first) while a row would be wider, and the `fill` column cut to what is left.
 * Tables with neither keep every column.
 */
function fitTable<T extends Rec>(all: Column<T>[], rows: T[], width: number): { cols: Column<T>[]; cells: string[][] } {
  const text = new Map(
    all.map((c) => [
      c,
      rows.map((r) => {
        const s = humanCell(c, r);
        if (c.fill !== undefined) return s.replace(/\s+/g, ' ');
        return c.width && s.length > c.width ? `${s.slice(0, c.width - 1)}…` : s;
      }),
    ]),
  );
  const natural = new Map(
    all.map((c) => [c, text.get(c)!.reduce((n, s) => Math.max(n, s.length), (c.header ?? c.key).length)]),
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
    ? Math.max((fill.header ?? fill.key).length, width - need(cols.filter((c) => c !== fill)) - GAP)
    : 0;
  const cells = rows.map((_, i) =>
    cols.map((c) => (c === fill ? truncate(text.get(c)![i], fillWidth) : text.get(c)![i])),
  );
  return { cols, cells };
}

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

/** Prints a list, streaming where the format allows (json, ndjson, csv, -q); tables need every row first. */
export async function printList<T extends Rec>(
  io: IOStreams,
  out: OutputOptions,
  source: AsyncIterable<T> | Iterable<T>,
  opts: ListPrintOptions<T>,
): Promise<number> {
  const it = await asyncIter(source);
  const stream: Writable = io.out;
  let first = await it.next();
  const columnsFor = (r: T | undefined) => (typeof opts.columns === 'function' ? opts.columns(r) : opts.columns);
  if (out.format !== 'table' || out.quiet) {
    const batch = new BatchedWriter(stream);
    try {
      return await streamList(it, first, out, opts, (text) => batch.push(text), columnsFor);
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
  const { cols, cells } = fitTable(columnsFor(rows[0]), rows, io.columns || 120);
  const { default: Table } = await import('cli-table3');
  const table = new Table({
    head: cols.map((c) => c.header ?? c.key),
    style: {
      head: io.color ? ['bold'] : [],
      border: io.color ? ['grey'] : [],
      compact: true,
      'padding-left': 0,
      'padding-right': 0,
    },
    chars: {
      top: '',
      'top-mid': '',
      'top-left': '',
      'top-right': '',
      bottom: '',
      'bottom-mid': '',
      'bottom-left': '',
      'bottom-right': '',
      left: '',
      'left-mid': '',
      mid: '',
      'mid-mid': '',
      right: '',
      'right-mid': '',
      middle: '  ',
    },
    wordWrap: false,
  });
  for (const row of cells) table.push(row);
  await write(
    stream,
    `${table
      .toString()
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n')}\n`,
  );
  if (opts.pagination && opts.pagination.totalPages > opts.pagination.page) {
    const p = opts.pagination;
    await write(
      io.err,
      `Page ${p.page} of ${p.totalPages} (${p.total} in all). Next: --page ${p.page + 1}, or --all for every page.\n`,
    );
  }
  return rows.length;
}

/** The streamed formats (json, ndjson, csv, -q): each record is written as soon as it is there. */
async function streamList<T extends Rec>(
  it: AsyncIterator<T>,
  first: IteratorResult<T>,
  out: OutputOptions,
  opts: ListPrintOptions<T>,
  write: (text: string) => Promise<void> | undefined,
  columnsFor: (r: T | undefined) => Column<T>[],
): Promise<number> {
  const idKey = opts.idKey ?? 'id';
  let count = 0;
  if (out.quiet) {
    for (; !first.done; first = await it.next(), count++) await write(`${cell(first.value[idKey])}\n`);
    return count;
  }
  switch (out.format) {
    case 'json': {
      const wrap = opts.pagination !== undefined;
      await write(wrap ? '{"data":[' : '[');
      for (; !first.done; first = await it.next(), count++) {
        await write(`${count === 0 ? '\n' : ',\n'}  ${JSON.stringify(first.value)}`);
      }
      const close = count === 0 ? ']' : '\n]';
      await write(wrap ? `${close},"pagination":${JSON.stringify(opts.pagination)}}\n` : `${close}\n`);
      return count;
    }
    case 'ndjson':
      for (; !first.done; first = await it.next(), count++) await write(`${JSON.stringify(first.value)}\n`);
      return count;
    case 'csv': {
      const cols = columnsFor(first.done ? undefined : first.value);
      await write(`${cols.map((c) => csvField(c.key)).join(',')}\n`);
      for (; !first.done; first = await it.next(), count++) {
        const r = first.value;
        await write(`${cols.map((c) => csvField(r[c.key])).join(',')}\n`);
      }
      return count;
    }
    default:
      throw new Error(`streamList: ${out.format}`);
  }
}

export interface Field<T = Rec> {
  key: string;
  label?: string;
  human?: (record: T) => string;
  time?: boolean;
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
  if (out.quiet) return void (await write(io.out, `${cell(record[idKey])}\n`));
  if (out.format === 'json') return void (await write(io.out, `${JSON.stringify(record, null, 2)}\n`));
  if (out.format === 'ndjson') return void (await write(io.out, `${JSON.stringify(record)}\n`));
  if (out.format === 'csv') {
    const columns = recordCsv(record, fields);
    return void (await write(
      io.out,
      `${columns.map(([k]) => csvField(k)).join(',')}\n${columns.map(([, v]) => csvField(v)).join(',')}\n`,
    ));
  }
  const rows = (fields ?? Object.keys(record).map((key) => ({ key, time: /At$/.test(key) }) as Field<T>))
    .map(
      (f) =>
        [
          f.label ?? f.key,
          f.human ? f.human(record) : f.time ? humanTime(record[f.key]) : cell(record[f.key]),
        ] as const,
    )
    .filter(([, v]) => v !== '');
  const width = Math.max(...rows.map(([k]) => k.length));
  const { default: chalk } = io.color ? await import('chalk') : { default: undefined };
  const label = (k: string) => (chalk ? chalk.bold(k.padEnd(width)) : k.padEnd(width));
  await write(io.out, `${rows.map(([k, v]) => `${label(k)}  ${v}`).join('\n')}\n`);
}
