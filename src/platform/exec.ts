// Programs found on PATH as the platform's shell finds them. On Windows a command is a file with one of the
// extensions of PATHEXT (`ffplay` is ffplay.exe), PATH is separated by `;`, and every file reads as executable.
import { accessSync, constants, statSync } from 'node:fs';
import { join, posix, win32 } from 'node:path';
import { envVar, type Host } from './host.js';

function isExecutable(path: string, platform: NodeJS.Platform): boolean {
  try {
    if (platform !== 'win32') accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The path of `name` in the first folder of PATH that has it, or undefined. */
export function findExecutable(name: string, host: Host): string | undefined {
  const win = host.platform === 'win32';
  const dirs = (envVar(host, 'PATH') ?? '').split((win ? win32 : posix).delimiter).filter((d) => d !== '');
  // .bat and .cmd run only through cmd.exe: Node's spawn refuses them without a shell (since 20.12.2, 22.0.0).
  const exts = win
    ? (envVar(host, 'PATHEXT') || '.COM;.EXE').split(';').filter((e) => e.startsWith('.') && !/^\.(bat|cmd)$/i.test(e))
    : [''];
  for (const dir of dirs)
    for (const ext of exts) {
      const file = join(dir.replace(/^"(.*)"$/, '$1'), name + ext.toLowerCase());
      if (isExecutable(file, host.platform)) return file;
    }
  return undefined;
}
