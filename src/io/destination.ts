// What an output path names, and how to write into it. A regular file (or nothing yet) is written under a temporary
// name and renamed into place when complete. A FIFO, a character device (/dev/stdout, /dev/null) or a socket is
// written in place: renaming over it would replace the device with a file (as root, /dev/stdout itself), and a
// FIFO's reader would get nothing (README "Security").
import { createWriteStream, fstatSync, statSync } from 'node:fs';
import type { Writable } from 'node:stream';

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
