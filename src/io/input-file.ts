// Reading a file named on the command line (tts create --file, campaigns create --file, api --input and -F @file)
// with a limit. A regular file is refused by its size before a byte is read; anything else (a FIFO, /dev/stdin,
// <(...), a device such as /dev/zero) is read as a stream that stops as soon as more than the limit has arrived,
// so an endless source fails at once with the command's "too large" error instead of filling the memory.
import { open } from 'node:fs/promises';
import { MAX_BODY_BYTES, MAX_BODY_MIB } from '../api/limits.js';
import { UsageError } from '../errors.js';
import { readAll } from './stdin.js';

/**
 * The largest request body read from a file or stdin (campaigns create --file, api --input and -F @file): the
 * largest JSON response voicectl reads, 32 MiB, far beyond any real body.
 */
export const MAX_BODY_FILE_BYTES = MAX_BODY_BYTES;
const MAX_BODY_FILE_TEXT = `${MAX_BODY_MIB} MiB`;

/**
 * The error for a request body read from `what` (a file, stdin) above MAX_BODY_FILE_BYTES: `size` for a regular
 * file, undefined for a stream cut short at the limit.
 */
export function bodyTooLarge(what: string, after = ''): (size: number | undefined) => UsageError {
  return (size) =>
    new UsageError(
      `${what} must be at most ${MAX_BODY_FILE_TEXT} (${size === undefined ? `it sent more than ${MAX_BODY_FILE_BYTES}` : `it has ${size}`} bytes)${after}`,
    );
}

/** The usage error for a file that cannot be read (no such file, a folder, or the system's own words). */
export function cannotRead(path: string, err: unknown, flag?: string): UsageError {
  const code = (err as NodeJS.ErrnoException).code;
  return new UsageError(
    `${flag ? `${flag}: ` : ''}cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (err as Error).message}`,
  );
}

export interface InputLimit {
  maxBytes: number;
  /** The error for a source above the limit: `size` is the file's size, or undefined for a stream cut short. */
  tooLarge: (size: number | undefined) => Error;
}

/**
 * The bytes of `file`, at most `limit.maxBytes` of them. fs errors keep their `code` (ENOENT, EACCES, and EISDIR
 * for a folder) for the caller to word; Ctrl-C (`signal`) ends a read that waits on a writer.
 */
export async function readInputFile(file: string, limit: InputLimit, signal?: AbortSignal): Promise<Buffer> {
  const handle = await open(file, 'r');
  let streaming = false;
  try {
    const info = await handle.stat();
    if (info.isDirectory())
      throw Object.assign(new Error('is a directory'), { code: 'EISDIR' }) as NodeJS.ErrnoException;
    if (info.isFile() && info.size > limit.maxBytes) throw limit.tooLarge(info.size);
    streaming = true;
    // The stream owns the handle from here: it closes it at the end, on an error and when the limit stops it.
    return await readAll(handle.createReadStream(), signal, {
      maxBytes: limit.maxBytes,
      tooLarge: () => limit.tooLarge(undefined),
    });
  } finally {
    if (!streaming) await handle.close();
  }
}
