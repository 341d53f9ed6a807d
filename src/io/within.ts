// "Is this path inside that folder", one answer for the file-error hints (io/system-error.ts) and the MCP --dir
// rule (mcp/folder.ts).
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * Whether `path` is `dir` itself or inside it (both resolved against the current directory). Only a `..` step
 * leaves: a name that starts with two dots (`..foo`) is a file like any other, inside.
 */
export function isWithin(dir: string, path: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return !(rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel));
}
