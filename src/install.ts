// How this voicectl runs: from a single executable (Node's SEA, scripts/sea.mjs) or from its files (an npm install
// or a clone). What differs inside an executable asks here.
import type * as Sea from 'node:sea';

/** True inside a single executable built by scripts/sea.mjs. */
export function isExecutable(): boolean {
  try {
    return (process.getBuiltinModule('node:sea') as typeof Sea | undefined)?.isSea() === true;
  } catch {
    return false; // a Node without node:sea runs no executable
  }
}
