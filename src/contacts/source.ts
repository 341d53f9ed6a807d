// A CSV read twice: pass 1 gathers each column's evidence, pass 2 writes the contacts. A file (or a buffer) is
// simply opened again; a stream that can be read once (stdin, a pipe) is copied as pass 1 reads it to a 0600
// temporary file, which pass 2 reads and which is removed however the process ends.
import { createReadStream } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { nextChunk } from '../io/stdin.js';

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
