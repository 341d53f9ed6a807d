// Keeps the sandbox's state in a file, so that the background sandbox (service.ts) starts again where it stopped.
import { renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makeDir } from '../config/paths.js';
import { CliError } from '../errors.js';
import { readOwnFile, writeOwnFile } from './files.js';
import type { SandboxState } from './state.js';

export function stateFile(configDir: string): string {
  return join(configDir, 'sandbox-state.json');
}

export type Loaded = { state: SandboxState } | { absent: true } | { damaged: string };

/**
 * The saved state; `absent` when there is no file (a fresh state, silently); `damaged` with the reason when the
 * file cannot be read or is not a saved state (bad JSON, wrong shape), which the caller moves aside and reports:
 * it used to be replaced by a fresh state silently, every record lost.
 */
export function loadState(file: string): Loaded {
  let text: string;
  try {
    text = readOwnFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { absent: true };
    // Unreadable (a directory, no permission): the sandbox cannot start, and says why in its log.
    throw new CliError(`cannot read the sandbox state file ${file}: ${(err as Error).message}`);
  }
  let state: unknown;
  try {
    state = JSON.parse(text);
  } catch (err) {
    return { damaged: `not JSON (${(err as Error).message})` };
  }
  if (typeof state !== 'object' || state === null || Array.isArray(state)) return { damaged: 'not a JSON object' };
  const s = state as Record<string, unknown>;
  if (s.version !== 1) return { damaged: `version ${JSON.stringify(s.version)?.slice(0, 40)}, expected 1` };
  for (const key of ['orgs', 'keys'] as const)
    if (!Array.isArray(s[key])) return { damaged: `its "${key}" is not a list` };
  return { state: state as SandboxState };
}

/**
 * Moves a damaged state file aside to `<file>.damaged-<timestamp>` (kept for whoever wants its records back);
 * the path it now has.
 */
export function moveAside(file: string): string {
  const aside = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, aside);
  return aside;
}

/** Written to a temporary name and renamed, so an interrupted save never leaves half a file. */
export function saveState(file: string, state: SandboxState): void {
  makeDir(dirname(file));
  writeOwnFile(file, JSON.stringify(state));
}
