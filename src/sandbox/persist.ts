// Keeps the sandbox's state in a file so that consecutive --sandbox commands see the same records.
import {
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import type { SandboxState } from './state.js';
import { sleep } from '../io/sleep.js';

export function stateFile(configDir: string): string {
  return join(configDir, 'sandbox-state.json');
}

export function loadState(file: string): SandboxState | undefined {
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as SandboxState;
    return state.version === 1 ? state : undefined;
  } catch {
    return undefined; // absent or damaged: start afresh
  }
}

/** Written to a temporary name and renamed, so an interrupted save never leaves half a file. */
export function saveState(file: string, state: SandboxState): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(state), { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One --sandbox command at a time per state file: each loads the state when it starts and saves it when it
 * ends, so two at once would lose what the first to end did. A lock file holds the owner's pid; a lock whose
 * process is gone (killed) is taken over. Returns the release function.
 */
export async function lockState(
  file: string,
  opts: { signal?: AbortSignal; onWait?: (pid: number) => void } = {},
): Promise<() => void> {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const lock = `${file}.lock`;
  let told = false;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lock, 'utf8') === String(process.pid)) unlinkSync(lock);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner = NaN;
    try {
      owner = Number(readFileSync(lock, 'utf8'));
    } catch {
      continue; // released meanwhile
    }
    if (!alive(owner)) {
      try {
        unlinkSync(lock);
      } catch {
        // another waiter took it over first
      }
      continue;
    }
    if (!told) opts.onWait?.(owner);
    told = true;
    await sleep(100, opts.signal);
  }
}
