// What an output path names, and how to write into it. A regular file (or nothing yet) is written under a temporary
// name and renamed into place when complete. A FIFO, a character device (/dev/stdout, /dev/null) or a socket is
// written in place, and only with --force (or when it is this process's own stdout): renaming over it would replace
// the device with a file (as root, /dev/stdout itself), and a FIFO's reader would get nothing, but a FIFO that
// another user made where the output goes (/tmp/leads-contacts.json) would receive the data (docs/security.md).
import { accessSync, constants, createWriteStream, fstatSync, type Stats, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { UsageError } from '../errors.js';

export type DestinationKind = 'file' | 'special' | 'folder';

export function destinationKind(file: string): DestinationKind {
  let st: ReturnType<typeof statSync> | undefined;
  try {
    st = statSync(file);
  } catch {
    return 'file';
  }
  if (st.isDirectory()) return 'folder';
  return st.isFile() ? 'file' : 'special';
}

/** What a file that is neither a regular file nor a folder is, for a message. */
function specialKind(st: Stats): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return 'a special file';
}

/** Whether `st` is the file this process's stdout writes to (`--out /dev/stdout`): the user's own choice. */
function isOwnStdout(st: Stats): boolean {
  try {
    const out = fstatSync(1);
    return out.dev === st.dev && out.ino === st.ino;
  } catch {
    return false;
  }
}

/**
 * A FIFO or a device, opened for writing in place. A path that is this process's own stdout (/dev/stdout, or
 * /proc/self/fd/1) is written through `stdout`: when stdout is a socket (as under some process managers), opening it
 * again fails with ENXIO. The caller must not end `stdout` (compare the result with it).
 */
export function openInPlace(file: string, stdout: Writable): Writable {
  if (stdout === process.stdout) {
    try {
      const a = statSync(file);
      const b = fstatSync(1);
      if (a.dev === b.dev && a.ino === b.ino) return stdout;
    } catch {
      // not comparable: open it
    }
  }
  return createWriteStream(file, { flags: 'w' });
}

/**
 * An output file named by `flag` (--out, --rejects), checked before anything is sent or written, so that a request
 * that costs tokens or sends messages is never made for an answer that cannot be kept: the path names a file, not a
 * folder; its folder exists and may be written in (a read-only file system, a folder of another user); and it is
 * new unless `force`. A FIFO or a device is written into, in place, only with `force` (or when it is this process's
 * own stdout); it needs no writable folder.
 * `nothing` ends the messages ("nothing was written", "nothing was sent"); `example` is the file name of the hint.
 */
export function checkOutputFile(
  flag: string,
  file: string,
  opts: { force: boolean; nothing: string; example: string },
): void {
  if (/[/\\]$/.test(file))
    throw new UsageError(`${flag}: ${file} ends with a slash; name a file, not a folder; ${opts.nothing}`, {
      hints: [`For example: ${flag} ${join(file, opts.example)}`],
    });
  const st = statSync(file, { throwIfNoEntry: false });
  if (st?.isDirectory())
    throw new UsageError(`${flag}: ${file} is a folder; name a file; ${opts.nothing}`, {
      hints: [`For example: ${flag} ${join(file, opts.example)}`],
    });
  if (st && !st.isFile()) {
    if (opts.force || isOwnStdout(st)) return;
    throw new UsageError(`${flag}: ${file} is not a regular file (${specialKind(st)}); ${opts.nothing}`, {
      hints: [
        'Something else would read what is written there (another user may have made it). Add --force to write into it anyway, or choose another name.',
      ],
    });
  }
  const dir = dirname(resolve(file));
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`${flag}: cannot write ${file}: the folder ${dir} does not exist; ${opts.nothing}`);
  try {
    accessSync(dir, constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EACCES';
    throw new UsageError(`${flag}: cannot write in the folder ${dir} (${code}); ${opts.nothing}`, {
      hints: [
        code === 'EROFS'
          ? 'That file system is read-only: choose a folder on another one.'
          : 'Check its permissions, or choose another folder.',
      ],
    });
  }
  if (st && !opts.force)
    throw new UsageError(`${flag}: ${file} already exists; ${opts.nothing}`, {
      hints: ['Add --force to replace it, or choose another name.'],
    });
}
