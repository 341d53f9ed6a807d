// Files of the config dir as the sandbox reads and writes them: never through a symbolic link planted at their name.
import { closeSync, constants, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { replaceFileSync } from '../platform/replace.js';

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = constants;

/** The text of a file of the config dir, never read through a symbolic link. */
export function readOwnFile(file: string): string {
  const fd = openSync(file, O_RDONLY | O_NOFOLLOW);
  try {
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * A file of the config dir written whole: a temporary name created exclusively (never through a link planted
 * there), then renamed into place (rename replaces a link at the final name; it never follows it).
 */
export function writeOwnFile(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  rmSync(tmp, { force: true });
  try {
    const fd = openSync(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
    try {
      writeFileSync(fd, text);
    } finally {
      closeSync(fd);
    }
    replaceFileSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
