// Temporary files that a killed voicectl left (SIGKILL cannot be caught, so nothing removes them then): a later run
// writing the same file removes those of its own pattern whose process is no longer running.
import { lstat, readdir, unlink } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether process `pid` is gone (ESRCH); one that runs, or that is another user's (EPERM), is not. */
function dead(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Removes `.<name>.<pid>-<8 hex>.<suffix>` beside `dest` (the temporary names voicectl writes `dest` under) whose
 * pid no longer runs. Only regular files; any failure is ignored (a leftover is untidy, never a reason to fail).
 */
export async function removeLeftovers(dest: string, suffix: 'tmp' | 'part'): Promise<void> {
  const dir = dirname(resolve(dest));
  const pattern = new RegExp(`^\\.${escapeRegExp(basename(dest))}\\.(\\d+)-[0-9a-f]{8}\\.${suffix}$`);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = pattern.exec(name);
    if (!m || !dead(Number(m[1]))) continue;
    const path = resolve(dir, name);
    try {
      if ((await lstat(path)).isFile()) await unlink(path);
    } catch {
      // gone already, or not ours to remove
    }
  }
}
