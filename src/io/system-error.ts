// A Node system error about a file or directory (ENOSPC, EACCES, a TMPDIR that does not exist, ...) in words: the
// environment's problem, not a bug in voicectl. src/cli.ts reports it; bin/voicectl.js uses it as a last resort.
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { type Effects, effectNote } from '../api/effect.js';
import { FileSystemError } from '../errors.js';
import { isWithin } from './within.js';
import { terminalSafe } from './safe.js';

/** System errors that are the environment's, not a bug: what each means, in words. */
const SYSTEM_ERRORS: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'not a directory',
  EISDIR: 'is a directory',
  EBUSY: 'another program has it open (Excel locks a file while it shows it)',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in the system',
};

/**
 * Gives a system error without a path (a write to a file handle or a stream: ENOSPC, EIO) the path of the file it
 * was writing, so that it is said as `could not write <path>: …`, not `could not write: …`. Returns `err`.
 */
export function withPath(err: unknown, path: string): unknown {
  const e = err as NodeJS.ErrnoException;
  if (err instanceof Error && typeof e.code === 'string' && typeof e.path !== 'string') e.path = path;
  return err;
}

/** What the failed call was doing, from its syscall: `could not <verb> <path>`. */
function verbOf(syscall: string | undefined): string {
  if (!syscall) return 'use';
  if (['mkdir', 'mkdtemp'].includes(syscall)) return 'create';
  if (['unlink', 'rmdir', 'rm'].includes(syscall)) return 'remove';
  if (['open', 'opendir'].includes(syscall)) return 'open';
  if (['read', 'scandir', 'readdir', 'stat', 'lstat', 'fstat', 'access', 'readlink', 'realpath'].includes(syscall))
    return 'read';
  return 'write'; // write, rename, copyfile, ftruncate, fsync, close, chmod, utime, link, symlink
}

/**
 * A Node system error about a file or directory (ENOSPC, EACCES, a TMPDIR that does not exist, ...) as the user's
 * error it is: `could not write <path>: no space left on device (ENOSPC)` and what to do, never "a bug in
 * voicectl". Undefined for anything else. `configDir` is where profiles live, for the hint.
 */
export function systemError(
  raw: unknown,
  env: Record<string, string | undefined>,
  configDir?: string,
): FileSystemError | undefined {
  if (!(raw instanceof Error)) return undefined;
  const err = raw as NodeJS.ErrnoException;
  const words = err.code ? SYSTEM_ERRORS[err.code] : undefined;
  if (!words) return undefined;
  // A write to a stream (a device, a pipe) fails without a path: said without one.
  if (typeof err.path !== 'string' && !['write', 'close', 'fsync'].includes(err.syscall ?? '')) return undefined;
  const path = typeof err.path === 'string' ? err.path : undefined;
  const code = err.code as string;
  const hints: string[] = [];
  // The deepest of the two that holds the path (a config dir in /tmp is the config dir's problem).
  const dirs = [
    {
      dir: env.VOICECTL_CONFIG_DIR || configDir,
      name: 'the config directory',
      fix: 'set VOICECTL_CONFIG_DIR to another',
    },
    { dir: env.TMPDIR || tmpdir(), name: 'the temp directory', fix: 'set TMPDIR to another' },
  ]
    .filter((d): d is typeof d & { dir: string } => Boolean(path && d.dir && isWithin(d.dir, path)))
    .sort((a, b) => resolve(b.dir).length - resolve(a.dir).length);
  const where = dirs[0] && `${dirs[0].name} ${dirs[0].dir}; ${dirs[0].fix}`;
  if (code === 'EBUSY') hints.push('Close it in that program, or write to another file, and run again.');
  else if (code === 'ENOSPC' || code === 'EDQUOT')
    hints.push('Free some space on that disk (or write elsewhere) and run again.');
  else if (code === 'EMFILE' || code === 'ENFILE')
    hints.push('Close other programs or raise the limit (ulimit -n) and run again.');
  else if (['EACCES', 'EPERM', 'EROFS'].includes(code))
    hints.push(
      where ? `It is in ${where} that you can write.` : 'Check the permissions of that path, or write elsewhere.',
    );
  else if (where) hints.push(`It is in ${where} that exists.`);
  const what = path ? `${verbOf(err.syscall)} ${path}` : verbOf(err.syscall);
  return new FileSystemError(`could not ${what}: ${words} (${code})`, { hints, cause: err });
}

/**
 * For bin/'s last resort (an error that escaped every command, such as a stream's write failing): the lines of a
 * system error, made safe for a terminal, or undefined when it is not one.
 */
export function systemErrorText(
  raw: unknown,
  env: Record<string, string | undefined>,
  effects?: Effects,
): string | undefined {
  const e = systemError(raw, env);
  if (!e) return undefined;
  const lines = [`error: ${e.message}`, ...e.hints.map((h) => `  ${h}`)].map((l) => terminalSafe(l));
  return `${[...lines, ...effectNote(effects)].join('\n')}\n`;
}
