import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import envPaths from 'env-paths';
import { AuthConfigError } from '../errors.js';
import { terminalSafe } from '../io/safe.js';

type Env = Record<string, string | undefined>;

function noHome(why: string): AuthConfigError {
  return new AuthConfigError(`no usable home directory for the profile file: ${why}`, {
    hints: [
      'Set HOME to your home directory (an absolute path), or VOICECTL_CONFIG_DIR to the directory for profiles and the sandbox state.',
      'Nothing was written.',
    ],
  });
}

/**
 * Where profiles (with their keys) and the sandbox's state live. Never a path relative to wherever the command
 * happens to run:
 * - VOICECTL_CONFIG_DIR, as given; a relative one is resolved against the current directory (the user asked for it);
 * - else on Linux and the BSDs, $XDG_CONFIG_HOME/voicectl when it is absolute (the XDG spec says a relative one
 *   is ignored), else $HOME/.config/voicectl; an empty or relative HOME is an error (exit 3), as is none at all
 *   when the system has no home for the user;
 * - else (macOS, Windows) the platform's config dir, which must come out absolute too.
 */
export function configDir(env: Env, platform: NodeJS.Platform = process.platform): string {
  if (env.VOICECTL_CONFIG_DIR) return resolve(env.VOICECTL_CONFIG_DIR);
  if (platform === 'darwin' || platform === 'win32') {
    const dir = envPaths('voicectl', { suffix: '' }).config;
    if (!isAbsolute(dir)) throw noHome(`the platform's config directory came out relative ("${terminalSafe(dir)}")`);
    return dir;
  }
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'voicectl');
  // HOME unset: the system's record of the user (os.homedir() reads it then); set, it is taken as it is.
  let home = env.HOME;
  if (home === undefined) {
    try {
      home = homedir();
    } catch {
      home = '';
    }
    if (!home) throw noHome('HOME is unset and the system has no home directory for this user');
  }
  if (!home) throw noHome('HOME is empty');
  if (!isAbsolute(home)) throw noHome(`HOME is a relative path ("${terminalSafe(home)}")`);
  return join(home, '.config', 'voicectl');
}

/**
 * `mkdir -p dir` (0700), except below /proc: Node's recursive mkdir never returns for some paths there
 * (VOICECTL_CONFIG_DIR=/proc/self/foo spun for ever, as TMPDIR did: see bin/voicectl.js). There one level is
 * created, so a parent that is not there is ENOENT at once (said as a file error naming the path).
 */
export function makeDir(dir: string): void {
  const abs = resolve(dir);
  if (process.platform === 'linux' && (abs === '/proc' || abs.startsWith('/proc/'))) {
    if (!existsSync(abs)) mkdirSync(abs, { mode: 0o700 });
    return;
  }
  mkdirSync(abs, { recursive: true, mode: 0o700 });
}
