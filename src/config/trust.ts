// What the config dir may trust, as ssh decides for ~/.ssh: a folder or file that holds or guards API keys must be
// the user's own, and no one else may write to it; a file another user could plant or change (profiles.json with
// another baseUrl) would send the user's keys where that user chose. And the one way a private file is written:
// never through a link, never keeping another owner. Small functions, so that a platform layer (Windows ACLs) can
// take them over.
import { closeSync, constants, fsyncSync, openSync, renameSync, type Stats, unlinkSync, writeSync } from 'node:fs';

/**
 * Why `st` (an existing file or folder, its link followed) cannot be trusted, or undefined when it can: it belongs
 * to another user, or group or others may write to it (a shared folder, sticky or not: another user could create
 * the file that is missing). Where the system has no user ids (Windows), modes say nothing and this says nothing.
 */
export function distrust(st: Stats, uid = process.getuid?.()): string | undefined {
  if (uid === undefined) return undefined;
  if (st.uid !== uid) return `it belongs to another user (uid ${st.uid}; you are uid ${uid})`;
  if (st.mode & 0o022) return `others may write to it (mode ${(st.mode & 0o7777).toString(8)})`;
  return undefined;
}

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = constants;

/**
 * Writes `data` to `path` as a new file of this user, mode 0600, renamed into place when complete: a link at `path`
 * is replaced, never followed, and the file never keeps the owner of the one it replaces (as root, atomically's
 * write gave another user's file back to that user, with root's keys in it).
 */
export function writePrivateFile(path: string, data: string): void {
  // node:crypto loads here, when a file is written, not with the profile store that every command reads.
  const { randomBytes } = process.getBuiltinModule('node:crypto');
  const tmp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
  try {
    try {
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      // already renamed or never made
    }
    throw err;
  }
}
