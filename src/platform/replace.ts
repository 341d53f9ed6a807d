// A file renamed over another, as the last step of writing it whole. On Windows a rename fails while another
// program holds the target open without sharing it (Excel shows a CSV that way) or scans it a moment (antivirus,
// OneDrive): EBUSY, EPERM or EACCES. A short lock is waited out; one that lasts is said in words, never as a bug.
import { renameSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { FileSystemError } from '../errors.js';

/** The waits between tries, in ms: about 1.5 s in all, as long as a scan takes, short enough to not seem stuck. */
const RETRY_MS = [10, 20, 40, 80, 160, 320, 400, 500];

const LOCKED = ['EBUSY', 'EPERM', 'EACCES'];

export interface ReplaceOptions {
  platform?: NodeJS.Platform;
  /** The wait between tries (injected by tests). */
  sleep?: (ms: number) => Promise<unknown>;
  rename?: (from: string, to: string) => Promise<void>;
}

/** Whether `err` is a rename refused because another program holds the file (Windows only). */
function isLocked(err: unknown, platform: NodeJS.Platform): boolean {
  return platform === 'win32' && LOCKED.includes((err as NodeJS.ErrnoException).code ?? '');
}

/** What a lock that lasted is: the file named, and what to do. */
function heldOpen(err: unknown, path: string): FileSystemError {
  const code = (err as NodeJS.ErrnoException).code;
  return new FileSystemError(`could not replace ${path}: another program has it open, or it is read-only (${code})`, {
    hints: ['Close it there (Excel locks a file while it shows it), or write to another file, and run again.'],
    cause: err,
  });
}

/** Renames `from` over `to`, retrying while Windows reports the target locked. */
export async function replaceFile(from: string, to: string, options: ReplaceOptions = {}): Promise<void> {
  const platform = options.platform ?? process.platform;
  const move = options.rename ?? rename;
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  for (let i = 0; ; i++) {
    try {
      return await move(from, to);
    } catch (err) {
      if (!isLocked(err, platform)) throw err;
      if (i === RETRY_MS.length) throw heldOpen(err, to);
      await sleep(RETRY_MS[i]);
    }
  }
}

/** replaceFile for the sandbox's synchronous writes: the same tries, waited without a timer. */
export function replaceFileSync(
  from: string,
  to: string,
  options: {
    platform?: NodeJS.Platform;
    sleep?: (ms: number) => void;
    rename?: (from: string, to: string) => void;
  } = {},
): void {
  const platform = options.platform ?? process.platform;
  const move = options.rename ?? renameSync;
  const sleep = options.sleep ?? ((ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms));
  for (let i = 0; ; i++) {
    try {
      return move(from, to);
    } catch (err) {
      if (!isLocked(err, platform)) throw err;
      if (i === RETRY_MS.length) throw heldOpen(err, to);
      sleep(RETRY_MS[i]);
    }
  }
}
