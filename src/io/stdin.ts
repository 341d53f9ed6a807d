// Reading a whole input stream (stdin for `--file -`, `--input -`, `--api-key-stdin`, `--contacts -`).
// Ctrl-C ends the read at once, even when nothing ever arrives.
import { InterruptedError } from '../errors.js';

/** `tooLarge`: with `maxBytes`, the error thrown as soon as more than that has arrived. */
export async function readAll(
  stream: NodeJS.ReadableStream,
  signal?: AbortSignal,
  limit?: { maxBytes: number; tooLarge: () => Error },
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stop = () =>
    (stream as NodeJS.ReadableStream & { destroy(err?: Error): void }).destroy(new InterruptedError('interrupted'));
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for await (const c of stream as AsyncIterable<Buffer | string>) {
      const b = Buffer.isBuffer(c) ? c : Buffer.from(c);
      size += b.length;
      if (limit && size > limit.maxBytes) throw limit.tooLarge();
      chunks.push(b);
    }
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  return Buffer.concat(chunks);
}

/**
 * The next chunk, or InterruptedError as soon as `signal` aborts: input that stalls (a pipe whose writer is
 * still busy) must not keep Ctrl-C waiting. The input is then closed, so it holds the process no longer.
 */
export function nextChunk<T>(it: AsyncIterator<T>, input: unknown, signal?: AbortSignal): Promise<IteratorResult<T>> {
  if (!signal) return it.next();
  const stop = () => {
    // A stream (stdin, a file) is destroyed: its pending read would keep the process alive.
    if (input && typeof (input as { destroy?: unknown }).destroy === 'function')
      (input as { destroy(): void }).destroy();
    return new InterruptedError('interrupted');
  };
  if (signal.aborted) return Promise.reject(stop());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(stop());
    signal.addEventListener('abort', onAbort, { once: true });
    it.next().then(
      (r) => {
        signal.removeEventListener('abort', onAbort);
        resolve(r);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
