// Keeps the sandbox's state in a file so that consecutive --sandbox commands see the same records.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SandboxState } from './state.js';

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
