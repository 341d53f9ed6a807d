// How the background sandbox is started: detached from the caller's terminal and streams, so that `$(...)`, CI and
// a closed terminal neither wait for it nor end it. On Windows `detached` gives it a console of its own, which
// windowsHide keeps out of sight, and a process started with an environment short of SystemRoot cannot open a
// socket (Winsock needs it), so the variables Windows itself relies on go along.
import type { SpawnOptions } from 'node:child_process';
import { envVar, type Host } from './host.js';

/** What every platform's process needs from the caller's environment, and no more (never a key or a proxy). */
const KEEP = ['PATH', 'HOME', 'TZ'];
const KEEP_WINDOWS = [
  'SystemRoot',
  'windir',
  'SystemDrive',
  'TEMP',
  'TMP',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'PATHEXT',
  'ComSpec',
];

/** The environment of a background service: `own` plus what the platform needs from the caller's. */
export function serviceEnv(
  host: Host,
  own: Record<string, string>,
  keep: readonly string[] = [],
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const k of [...KEEP, ...keep, ...(host.platform === 'win32' ? KEEP_WINDOWS : [])]) {
    const v = envVar(host, k);
    if (v) env[k] = v;
  }
  return { ...env, ...own };
}

/** Spawn options of a background service whose stderr goes to `log` (an open file), its other streams nowhere. */
export function serviceSpawnOptions(env: Record<string, string>, log: number): SpawnOptions {
  return { detached: true, windowsHide: true, stdio: ['ignore', 'ignore', log], env };
}
