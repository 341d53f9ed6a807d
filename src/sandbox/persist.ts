// Keeps the sandbox's state in a file, so that the background sandbox (service.ts) starts again where it stopped.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makeDir } from '../config/paths.js';
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
  makeDir(dirname(file));
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, JSON.stringify(state), { mode: 0o600 });
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
