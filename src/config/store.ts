// The profile store: a typed wrapper around conf (which reads it). The file holds API keys, so it is written 0600
// in a directory that voicectl creates 0700. An existing directory is never chmodded (a shared one such as /tmp
// would lose its sticky bit); one that is not the user's, or that others may write to, is refused, as is such a
// profiles.json (trust.ts), as ssh refuses them. Every change is a read-modify-write under a lock across processes,
// written as a new file renamed into place (writePrivateFile: never through a link, never keeping another owner),
// so concurrent `profiles add` never lose each other and a crash never leaves half a file.
import { lstatSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as z from 'zod/mini';
import { AuthConfigError, CliError, UsageError } from '../errors.js';
import { terminalSafe } from '../io/safe.js';
import { shellWord } from '../io/shell.js';
import { type Host, thisHost } from '../platform/host.js';
import { openFileMode, outsideProfile } from '../platform/privacy.js';
import { shellOf } from '../platform/shell.js';
import { distrust, writePrivateFile } from './trust.js';
import { systemError, withPath } from '../io/system-error.js';
import { makeDir } from './paths.js';
// English messages for the rules without a message of their own (zod/mini loads no locale).
import '../schemas/locale.js';

export const ProfileName = z
  .string()
  .check(
    z.regex(
      /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/,
      'must be 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit',
    ),
  );

const Profile = z.object({
  baseUrl: z.string(),
  apiKey: z.string().check(z.minLength(1)),
});

// Names are checked when read too: a name written into the file by hand or by another program reaches shell
// completion and messages, so one that `profiles add` would refuse makes the file damaged.
export const StoreData = z.object({
  current: z.optional(ProfileName),
  profiles: z._default(
    z.record(ProfileName, Profile, {
      error: (i) => (i.code === 'invalid_key' ? `is not a profile name: ${i.issues?.[0]?.message}` : undefined),
    }),
    {},
  ),
});
export type StoreData = z.infer<typeof StoreData>;

/**
 * Whether the store has a profile of that name: own properties only, so that names such as "constructor" or
 * "toString" are names like any other and never find Object.prototype's members.
 */
export function hasProfile(data: StoreData, name: string): boolean {
  return Object.hasOwn(data.profiles, name);
}

/** The profile of that name, if the store has one (own properties only, as hasProfile). */
export function getProfile(data: StoreData, name: string): StoreData['profiles'][string] | undefined {
  return hasProfile(data, name) ? data.profiles[name] : undefined;
}

export interface ProfileStore {
  readonly path: string;
  read(): StoreData;
  /** Applies `change` to the data as it is on disk now, under the lock; returns the data written. */
  update(change: (data: StoreData) => StoreData): Promise<StoreData>;
  removeProfile(name: string): Promise<boolean>;
  setCurrent(name: string | undefined): Promise<void>;
  /** Set when the file was readable by group or others when opened. */
  readonly insecureMode?: number;
  /** On Windows, a warning when the directory is outside the user's profile folder (src/platform/privacy.ts). */
  readonly outsideProfile?: string;
}

/** The refusal of a config dir or profiles.json that `distrust` finds fault with. */
function untrusted(what: string, path: string, why: string, fix: string): AuthConfigError {
  return new AuthConfigError(
    `${what} ${terminalSafe(path)} cannot be trusted with API keys: ${why}; nothing was read or sent`,
    {
      hints: [fix, 'Or set VOICECTL_CONFIG_DIR to a folder of your own that only you can write.'],
    },
  );
}

/** Creates `dir` 0700 when absent; never changes the mode of one that exists, and refuses one it cannot trust. */
function ensureDir(dir: string): void {
  try {
    lstatSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    makeDir(dir);
    return;
  }
  // A link to a folder (dotfiles) is judged by the folder it leads to.
  const why = distrust(statSync(dir));
  if (why)
    throw untrusted(
      'the config folder',
      dir,
      why,
      `Make it yours and private: chown "$(id -u)" ${terminalSafe(shellWord(dir))} && chmod 700 ${terminalSafe(shellWord(dir))}.`,
    );
}

/** Refuses a profiles.json that is not a regular file, not the user's, or writable by others; absent is fine. */
function checkStoreFile(file: string): void {
  const st = statSync(file, { throwIfNoEntry: false });
  // A folder is said as the file error it is (EISDIR, by openConf); a FIFO would hold the read for ever.
  if (!st || st.isDirectory()) return;
  if (!st.isFile())
    throw untrusted(
      'the profile file',
      file,
      'it is not a regular file',
      `Remove it: rm ${terminalSafe(shellWord(file))}.`,
    );
  const why = distrust(st);
  if (why)
    throw untrusted(
      'the profile file',
      file,
      why,
      `If you wrote it, make it yours and private (chown "$(id -u)" and chmod 600); else remove it and add your profiles again.`,
    );
}

/** How old the lock is, in whole seconds, or undefined when it is gone. */
function lockAge(lock: string): number | undefined {
  try {
    return Math.max(0, Math.floor((Date.now() - statSync(lock).mtimeMs) / 1000));
  } catch {
    return undefined;
  }
}

// A writer holds the lock for milliseconds; one older than this was left by a process that died.
const LOCK_STALE_MS = 10_000;

/**
 * Where `text` stops being JSON, as 1-based line and column; undefined when it is JSON. V8 quotes the text in its
 * messages and Node 20's often give no position, so the place is found from which prefixes fail, never by
 * showing the message.
 */
export function jsonErrorAt(text: string): { line: number; column: number } | undefined {
  /** The offset of the character a prefix of n characters fails at, or undefined when it fails only by ending. */
  const failsAt = (n: number): number | undefined => {
    try {
      JSON.parse(text.slice(0, n));
      return undefined;
    } catch (err) {
      const message = (err as Error).message;
      if (/end of JSON input/.test(message)) return undefined;
      const pos = /at position (\d+)/.exec(message);
      if (!pos) return n - 1; // "Unexpected token": the shortest such prefix ends with it
      const at = Number(pos[1]);
      return at >= n ? undefined : at;
    }
  };
  try {
    JSON.parse(text);
    return undefined;
  } catch {
    // found below
  }
  let offset = text.length; // a text that only ends too early is wrong at its end
  if (failsAt(text.length) !== undefined) {
    // The shortest prefix that fails for a character of its own.
    let lo = 1;
    let hi = text.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (failsAt(mid) !== undefined) hi = mid;
      else lo = mid + 1;
    }
    offset = failsAt(lo) ?? lo - 1;
  }
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/** A profiles.json that is not JSON: where, never what (it holds API keys, and V8 quotes the text). */
class NotJsonError extends Error {
  constructor(readonly at: { line: number; column: number }) {
    super(`it is not valid JSON at line ${at.line}, column ${at.column}`);
  }
}

/**
 * Why profiles.json could not be opened, for the user: a file the system refused (EACCES, EISDIR, ...) is a file
 * error, exit 1; a file that is not JSON says where, never its text.
 */
export function storeOpenError(err: unknown, file: string, dir: string): CliError {
  if (err instanceof NotJsonError)
    return new UsageError(`the profile file ${file} cannot be read: ${err.message}`, {
      hints: ['Fix or delete the file, then add the profile again with `voicectl profiles add`.'],
    });
  // Reading a folder fails in read(2), whose error has no path: it is this file's.
  const fs = systemError(withPath(err, file), {}, dir);
  if (fs) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM')
      fs.hints.unshift(`Check who owns ${file} and its permissions (ls -l); it should be yours, mode 600.`);
    return fs;
  }
  // Anything else, said without its message (it could quote the file).
  return new UsageError(`the profile file ${file} cannot be read (${(err as Error).name})`, {
    hints: ['Fix or delete the file, then add the profile again with `voicectl profiles add`.'],
  });
}

export interface StoreOptions {
  /** Said once when the lock is held by another voicectl and the wait begins (a line for stderr). */
  onWait?: (line: string) => void;
  /** The wait between tries for the lock (injectable for tests). */
  sleep?: (ms: number) => Promise<unknown>;
  /** The clock that bounds the wait (injectable for tests, with `sleep`). */
  now?: () => number;
  /** Whose file permissions apply (default: this machine's). */
  host?: Host;
}

/** conf over profiles.json, 0600; a file that is not JSON is a NotJsonError with its line and column. */
async function openConf(dir: string) {
  const { default: Conf } = await import('conf');
  try {
    return new Conf<StoreData>({
      projectName: 'voicectl',
      projectSuffix: '',
      cwd: dir,
      configName: 'profiles',
      configFileMode: 0o600,
      deserialize: (text: string) => {
        try {
          return JSON.parse(text);
        } catch {
          throw new NotJsonError(jsonErrorAt(text) ?? { line: 1, column: 1 });
        }
      },
      // No `defaults`: conf writes them when the file lacks them, as it opens it, outside any lock, which lost a
      // profile written meanwhile by another process. StoreData supplies them when reading.
    });
  } catch (err) {
    throw storeOpenError(err, join(dir, 'profiles.json'), dir);
  }
}

/**
 * The lock beside profiles.json. Another voicectl holding it (ELOCKED) is waited for, up to 12 s (tries 10 to 100 ms
 * apart): until a lock left by a voicectl that died has become stale and been taken over. Any other failure (a
 * folder that may not be written: EACCES, EPERM, EROFS) is final: proper-lockfile's own retries would retry it too,
 * and `profiles add` said nothing for 10 s before saying so.
 */
async function lockProfiles(path: string, options: StoreOptions): Promise<() => Promise<void>> {
  const [{ default: lockfile }, { setTimeout: wait }] = await Promise.all([
    import('proper-lockfile'),
    import('node:timers/promises'),
  ]);
  const sleep = options.sleep ?? wait;
  const now = options.now ?? Date.now;
  const giveUpAt = now() + LOCK_STALE_MS + 2_000;
  try {
    for (let attempt = 0, delay = 10; ; attempt++, delay = Math.min(delay * 2, 100)) {
      try {
        // The lock is held for one read and one write; a holder this slow has nothing left to protect.
        return await lockfile.lock(path, { realpath: false, stale: LOCK_STALE_MS, onCompromised: () => undefined });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ELOCKED' || now() >= giveUpAt) throw err;
        // Said once, after the first short wait: a lock left by a voicectl that died is waited for until it is
        // LOCK_STALE_MS old, and that wait should not be silent.
        if (attempt === 1) {
          const age = lockAge(`${path}.lock`);
          options.onWait?.(
            `waiting for another voicectl writing profiles (profiles.json.lock${age === undefined ? '' : `, ${age} s old`}; taken over at ${LOCK_STALE_MS / 1000} s) …`,
          );
        }
        await sleep(delay * (0.5 + Math.random()));
      }
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // The lock is a folder beside the file: a folder voicectl may not write is not another voicectl.
    const denied = code === 'EACCES' || code === 'EPERM' || code === 'EROFS';
    throw new CliError(`could not lock ${path} to change it: ${(err as Error).message}`, {
      hints: [
        denied
          ? `voicectl may not write in ${dirname(path)}: check its permissions, or set VOICECTL_CONFIG_DIR to a folder you can write`
          : `Another voicectl is writing profiles; if none is running, remove ${path}.lock`,
      ],
    });
  }
}

export async function openStore(dir: string, options: StoreOptions = {}): Promise<ProfileStore> {
  ensureDir(dir);
  checkStoreFile(join(dir, 'profiles.json'));
  const conf = await openConf(dir);
  const host = options.host ?? thisHost();
  const insecureMode = openFileMode(conf.path, host);
  const read = (): StoreData => {
    const parsed = StoreData.safeParse(conf.store);
    if (!parsed.success) {
      throw new UsageError(
        `the profile file ${conf.path} is damaged: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`,
        {
          hints: ['Fix or delete the file, then add the profile again with `voicectl profiles add`.'],
        },
      );
    }
    return parsed.data;
  };
  const update = async (change: (data: StoreData) => StoreData): Promise<StoreData> => {
    const release = await lockProfiles(conf.path, options);
    try {
      const next = change(read());
      // As conf would write it (tab-indented JSON), but never through a link nor keeping another owner.
      writePrivateFile(conf.path, JSON.stringify(next, undefined, '\t'));
      return next;
    } finally {
      await release().catch(() => undefined);
    }
  };
  return {
    path: conf.path,
    insecureMode,
    outsideProfile: outsideProfile(dir, host, shellOf(host)),
    read,
    update,
    async removeProfile(name) {
      let removed = false;
      await update((data) => {
        if (!hasProfile(data, name)) return data;
        removed = true;
        const { [name]: _removed, ...rest } = data.profiles;
        return { current: data.current === name ? undefined : data.current, profiles: rest };
      });
      return removed;
    },
    async setCurrent(name) {
      await update((data) => ({ ...data, current: name }));
    },
  };
}
