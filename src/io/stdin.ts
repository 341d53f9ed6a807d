// Reading a whole input stream (stdin for `--file -`, `--input -`, `--api-key-stdin`, `--contacts -`).
// Ctrl-C ends the read at once, even when nothing ever arrives.
import { InterruptedError } from '../errors.js';

export async function readAll(stream: NodeJS.ReadableStream, signal?: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stop = () => (stream as NodeJS.ReadableStream & { destroy(err?: Error): void }).destroy(new InterruptedError('interrupted'));
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for await (const c of stream as AsyncIterable<Buffer | string>) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  return Buffer.concat(chunks);
}
