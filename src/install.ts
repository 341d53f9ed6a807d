// How this voicectl runs: from a single executable (Node's SEA, scripts/sea.mjs), or from its files, installed by
// npm or in a clone. What differs inside an executable asks here; `voicectl version` says it.
import { existsSync, readFileSync } from 'node:fs';
import type * as Sea from 'node:sea';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** True inside a single executable built by scripts/sea.mjs. */
export function isExecutable(): boolean {
  try {
    return (process.getBuiltinModule('node:sea') as typeof Sea | undefined)?.isSea() === true;
  } catch {
    return false; // a Node without node:sea runs no executable
  }
}

export interface Installation {
  /** executable: a standalone file; clone: a git checkout; npm: a package's files (npm install, npx, a tarball). */
  kind: 'executable' | 'npm' | 'clone';
  /** The executable, or the folder of the package (where its package.json is). */
  path: string;
}

export function installation(): Installation {
  if (isExecutable()) return { kind: 'executable', path: process.execPath };
  // From src/ or dist/ (a chunk may be one folder deeper): the folder of voicectl's package.json.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 3; i++, dir = dirname(dir)) {
    try {
      if (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name === 'voicectl')
        return { kind: existsSync(join(dir, '.git')) ? 'clone' : 'npm', path: dir };
    } catch {
      // not here: one folder up
    }
  }
  return { kind: 'npm', path: dirname(fileURLToPath(import.meta.url)) };
}
