// The --dir folder of `voicectl mcp` given Windows paths: every escape with backslashes, drives, UNC and device
// paths and streams refused before anything is opened, with Linux's rules and with Windows' (asked for through the
// platform argument). .ci/wine-smoke makes the same attempts through `voicectl mcp` on Node for Windows.
import { existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Folder } from '../../src/mcp/folder.js';
import { removeTempDirs, tempDir } from '../helpers/cli.js';

afterAll(removeTempDirs);

function folder(platform: NodeJS.Platform) {
  const base = realpathSync(tempDir('voicectl-folder-'));
  const dir = join(base, 'work');
  mkdirSync(join(dir, 'sub'), { recursive: true });
  writeFileSync(join(base, 'profiles.json'), 'KEY');
  writeFileSync(join(dir, 'sub', 'in.csv'), 'phone\n');
  return { base, dir, open: () => Folder.open(dir, platform) };
}

const ESCAPES = [
  '..\\profiles.json',
  'sub\\..\\..\\profiles.json',
  'C:\\Windows\\win.ini',
  '\\\\?\\C:\\x.csv',
  '\\\\server\\share\\x.csv',
];

describe.each(['linux', 'win32'] as const)('Folder with %s rules', (platform) => {
  it.each(ESCAPES)('refuses to read or write %j', async (file) => {
    const { base, open } = folder(platform);
    const f = open();
    try {
      await expect(f.openRead(file, 'file')).rejects.toThrow('must name a file inside');
      await expect(f.create(file, 'out')).rejects.toThrow('must name a file inside');
      expect(existsSync(join(base, 'x.csv'))).toBe(false);
    } finally {
      f.close();
    }
  });
  it('reads sub\\in.csv: a backslash separates names', async () => {
    const f = folder(platform).open();
    try {
      const { handle } = await f.openRead('sub\\in.csv', 'file');
      expect((await handle.readFile('utf8')).toString()).toBe('phone\n');
      await handle.close();
    } finally {
      f.close();
    }
  });
});

describe('Folder with Windows rules', () => {
  it('refuses a stream (file:stream) and a device name, saying why', async () => {
    const f = folder('win32').open();
    try {
      await expect(f.create('out.csv:stream', 'out')).rejects.toThrow('a ":" names a stream of a file on Windows');
      await expect(f.openRead('NUL', 'file')).rejects.toThrow('"NUL" is a device on Windows');
    } finally {
      f.close();
    }
  });
});
