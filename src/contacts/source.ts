// Where contacts come from: a file, stdin or a file already open (voicectl mcp), for every command that reads them.
// Its first bytes can be looked at (the format, the encoding) and put back (`readable.unshift`); a JSON file is read
// whole within a bound; a CSV is read twice (pass 1 gathers each column's evidence, pass 2 writes the contacts): a
// file is opened again, a stream that can be read once (stdin, a pipe) is copied as pass 1 reads it to a 0600
// temporary file, which pass 2 reads and which is removed however the process ends.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, open, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { CliError, InterruptedError } from '../errors.js';
import { cannotRead, type InputLimit, readInputFile } from '../io/input-file.js';
import { nextChunk, readAll } from '../io/stdin.js';

export type Chunks = AsyncIterable<Buffer | string> | Iterable<Buffer | string>;

export interface TwoPass {
  first(): Chunks;
  second(): Chunks;
  /** Removes the copy, if one was made. */
  close(): Promise<void>;
}

/** `input`: chunks that can be iterated again (an array), a function that opens the source anew, or a stream. */
export function twoPass(
  input: Chunks | (() => Chunks),
  opts: { signal?: AbortSignal; track?: (path: string) => () => void } = {},
): TwoPass {
  if (typeof input === 'function') return { first: input, second: input, close: async () => undefined };
  if (Array.isArray(input)) return { first: () => input, second: () => input, close: async () => undefined };
  const tmp = join(tmpdir(), `voicectl-csv-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  const untrack = opts.track?.(tmp) ?? (() => undefined);
  let copied = false;
  return {
    first: () => tee(input, tmp, opts.signal, () => (copied = true)),
    second: () => {
      if (!copied) throw new Error('twoPass: the second pass before the first ended');
      return createReadStream(tmp, { highWaterMark: 1 << 16 });
    },
    close: async () => {
      await unlink(tmp).catch(() => undefined);
      untrack();
    },
  };
}

/** The chunks of `input`, each written to `path` before it is handed on; `done` once the input ended. */
async function* tee(input: Chunks, path: string, signal: AbortSignal | undefined, done: () => void) {
  const file = await open(path, 'wx', 0o600);
  try {
    const it =
      Symbol.asyncIterator in input
        ? input[Symbol.asyncIterator]()
        : (input as Iterable<Buffer | string>)[Symbol.iterator]();
    for (;;) {
      const r = await nextChunk(it as AsyncIterator<Buffer | string>, input, signal);
      if (r.done) break;
      const b = Buffer.isBuffer(r.value) ? r.value : Buffer.from(r.value);
      await file.write(b);
      yield b;
    }
    done();
  } finally {
    await file.close();
  }
}

/** A source of contacts, opened: look at its start, then read it whole (JSON) or as a CSV's two passes. */
export interface ContactsSource {
  /** The name of the input in messages: the path, or "stdin". */
  label: string;
  /** Bytes from the start, until one is not blank (at most 1 KiB): the same bytes are read again after. */
  head(): Promise<Buffer>;
  /** The whole input, at most `limit.maxBytes` (more is `limit.tooLarge`, at once). */
  readAll(limit: InputLimit): Promise<Buffer>;
  /** The input for convertCsv: a function that opens it anew, or the stream (copied for the second pass). */
  csv(): Chunks | (() => Chunks);
}

interface OpenOptions {
  stdin: NodeJS.ReadableStream;
  /** `source` already open (voicectl mcp: checked as opened): read from it only, never by name. */
  handle?: FileHandle;
  signal?: AbortSignal;
}

/** Opens '-' (stdin), an open handle or a path; a path that cannot be read is a UsageError naming it. */
export async function openContactsSource(source: string, opts: OpenOptions): Promise<ContactsSource> {
  const label = source === '-' ? 'stdin' : source;
  const { handle } = opts;
  if (!handle && source !== '-') {
    try {
      if ((await stat(source)).isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    } catch (err) {
      throw cannotRead(source, err);
    }
  }
  const reopen = handle
    ? () => handle.createReadStream({ start: 0, highWaterMark: 1 << 16, autoClose: false })
    : () => createReadStream(source, { highWaterMark: 1 << 16 });
  // Opened on first use: a JSON file is read by its size instead (readInputFile), a CSV file by each pass.
  let stream: Readable | undefined;
  const live = () => (stream ??= source === '-' ? (opts.stdin as Readable) : reopen());
  let peeked: { head: Buffer; ended: boolean } | undefined;
  return {
    label,
    head: async () => (peeked ??= await peek(live(), opts.signal)).head,
    readAll: async (limit) => {
      if (peeked?.ended) return peeked.head;
      if (!stream && !handle && source !== '-') return readFile(source, limit, opts.signal);
      const s = live();
      return readAll(s, opts.signal, { maxBytes: limit.maxBytes, tooLarge: () => limit.tooLarge(undefined) });
    },
    csv: () => {
      if (peeked?.ended) return [peeked.head];
      return source === '-' ? live() : reopen;
    },
  };
}

/** A JSON contacts file, whole, at most `limit.maxBytes` of it (a regular file is refused by its size). */
async function readFile(path: string, limit: InputLimit, signal: AbortSignal | undefined): Promise<Buffer> {
  try {
    return await readInputFile(path, limit, signal);
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw cannotRead(path, err);
  }
}

/** The first non-blank character of a start (a UTF-8 BOM left out), which tells JSON from CSV. */
export function firstChar(head: Buffer): string | undefined {
  return /\S/.exec(startText(head, 1024))?.[0];
}

/** The first `bytes` of `data` as Latin-1 text (one character a byte), a UTF-8 BOM left out. */
function startText(data: Buffer, bytes: number): string {
  return data
    .subarray(0, bytes)
    .toString('latin1')
    .replace(/^\u00ef\u00bb\u00bf/, '');
}

/**
 * Reads until `enough(head)` (or the end), without putting anything back: the caller puts back what it keeps with
 * `stream.unshift`. `ended`: the input ended there, and `head` is all of it (an ended stream takes nothing back).
 */
export async function peekUntil(
  stream: Readable,
  enough: (head: Buffer) => boolean,
  signal?: AbortSignal,
): Promise<{ head: Buffer; ended: boolean }> {
  const chunks: Buffer[] = [];
  // One chunk is the head as it is: a stream written at once (32 MiB of stdin) is not copied.
  const head = () => (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  for (;;) {
    const c = stream.read() as Buffer | string | null;
    if (c !== null) {
      chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
      if (enough(head())) break;
      continue;
    }
    if (stream.readableEnded) return { head: head(), ended: true };
    await readable(stream, signal);
  }
  return { head: head(), ended: false };
}

/** Bytes up to a non-blank one (at most 1 KiB), read and put back: the stream reads them again. */
async function peek(stream: Readable, signal?: AbortSignal): Promise<{ head: Buffer; ended: boolean }> {
  const p = await peekUntil(stream, (h) => h.length >= 1024 || firstChar(h) !== undefined, signal);
  if (!p.ended) stream.unshift(p.head);
  return p;
}

/** Resolves when the stream has data or has ended; Ctrl-C (`signal`) closes it and rejects at once. */
function readable(stream: Readable, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off('readable', done);
      stream.off('end', done);
      stream.off('error', fail);
      signal?.removeEventListener('abort', abort);
    };
    const done = () => {
      cleanup();
      resolve();
    };
    const fail = (err: Error) => {
      cleanup();
      reject(err);
    };
    const abort = () => {
      stream.destroy();
      fail(new InterruptedError('interrupted'));
    };
    if (signal?.aborted) return abort();
    stream.on('readable', done);
    stream.on('end', done);
    stream.on('error', fail);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * A start that reads as a CSV header whose first name is in brackets ("[ID],name,..." or "[ID];Nome;..."), in
 * bytes that are not JSON: no JSON array starts with a bracketed bare word followed by a delimiter.
 */
export function csvHeaderNotJson(data: Buffer): boolean {
  const line = /^[^\r\n]*/.exec(startText(data, 4096))![0];
  if (!/^\s*\[[^[\]{}",;\t|]*\]\s*[,;\t|]/.test(line)) return false;
  try {
    JSON.parse(data.toString('utf8'));
    return false;
  } catch {
    return true;
  }
}
