// Who else can reach the files that hold API keys and the sandbox's token. On Linux and macOS, the POSIX mode and
// owner say it. On Windows every writable file reports mode 0666 and the owner is not in stat(): what protects a
// file there is its folder's ACL, which voicectl does not read. The stance (docs/platforms.md): a folder inside the
// user's profile (%USERPROFILE%, where %APPDATA% is) is private by default, granted only to the user, SYSTEM and
// the administrators; a VOICECTL_CONFIG_DIR elsewhere (C:\data, a share) often is not, and gets a warning.
import { statSync } from 'node:fs';
import { win32 } from 'node:path';
import { envVar, type Host } from './host.js';
import { quoteFor, type Shell } from './shell.js';

/** Why a folder is not the user's alone: what to say, and the command that fixes it. */
export interface Exposure {
  why: string;
  fix: string;
}

/**
 * Why others could write in `dir` (or it is not the user's), from its POSIX mode and owner; undefined when it is
 * private. Never on Windows, whose modes say nothing of the ACL (see outsideProfile).
 */
export function sharedFolder(dir: string, host: Host, uid = process.getuid?.()): Exposure | undefined {
  if (host.platform === 'win32') return undefined;
  const st = statSync(dir);
  const mode = st.mode & 0o7777;
  const fix = `chmod 700 ${quoteFor('posix', dir)}`;
  if (mode & 0o022) return { why: `is writable by other users (mode ${mode.toString(8)})`, fix };
  if (uid !== undefined && st.uid !== uid) return { why: 'belongs to another user', fix };
  return undefined;
}

/** The mode of a file that others may read or write, from its POSIX mode; never on Windows (see above). */
export function openFileMode(file: string, host: Host): number | undefined {
  if (host.platform === 'win32') return undefined;
  try {
    const mode = statSync(file).mode & 0o777;
    return mode & 0o077 ? mode : undefined;
  } catch {
    return undefined; // not written yet
  }
}

/**
 * On Windows, a warning when `dir` is outside the user's profile folder, whose ACL is what keeps it private;
 * undefined inside it, and on every other platform.
 */
export function outsideProfile(dir: string, host: Host, shell: Shell): string | undefined {
  if (host.platform !== 'win32') return undefined;
  const profile = envVar(host, 'USERPROFILE');
  if (profile && isWithinWin32(profile, dir)) return undefined;
  return `${dir} is outside your user folder${profile ? ` (${profile})` : ''}, whose permissions keep files private on Windows; other users may be able to read the API keys there: check with ${quoteFor(shell, 'icacls')} ${quoteFor(shell, dir)}, or keep VOICECTL_CONFIG_DIR inside your user folder`;
}

/** Whether `path` is `dir` or inside it, as Windows compares paths: case-insensitive, `/` and `\` alike. */
function isWithinWin32(dir: string, path: string): boolean {
  const rel = win32.relative(win32.resolve(dir), win32.resolve(path));
  return rel === '' || (!rel.startsWith('..') && !win32.isAbsolute(rel));
}
