// Programs found on PATH as each platform's shell finds them: PATHEXT and `;` on Windows, the execute bit
// elsewhere. Windows is asked for through the host, on files made here.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findExecutable } from '../../src/platform/exec.js';
import { removeTempDirs, tempDir } from '../helpers/cli.js';

afterAll(removeTempDirs);

function bins() {
  const base = tempDir('voicectl-exec-');
  const a = join(base, 'a');
  const b = join(base, 'b');
  mkdirSync(a);
  mkdirSync(b);
  return { a, b };
}

describe('findExecutable', () => {
  it('Windows: ffplay is ffplay.exe, found through PATHEXT in a `;` PATH spelt Path', () => {
    const { a, b } = bins();
    writeFileSync(join(b, 'ffplay.exe'), '');
    const host = { platform: 'win32' as const, env: { Path: `${a};"${b}"`, PATHEXT: '.COM;.CMD;.EXE;.BAT' } };
    expect(findExecutable('ffplay', host)).toBe(join(b, 'ffplay.exe'));
    // Without PATHEXT: Windows' default list.
    expect(findExecutable('ffplay', { platform: 'win32', env: { PATH: b } })).toBe(join(b, 'ffplay.exe'));
    // A .cmd or .bat in PATHEXT is not a program Node can start without cmd.exe: never chosen.
    writeFileSync(join(a, 'ffplay.cmd'), '');
    expect(findExecutable('ffplay', host)).toBe(join(b, 'ffplay.exe'));
    // A file without an extension of PATHEXT is not a command there.
    writeFileSync(join(a, 'aplay'), '');
    expect(findExecutable('aplay', host)).toBeUndefined();
  });
  it('Linux: only a file with the execute bit, in a `:` PATH', () => {
    const { a, b } = bins();
    writeFileSync(join(a, 'ffplay'), '');
    writeFileSync(join(b, 'ffplay'), '');
    chmodSync(join(b, 'ffplay'), 0o755);
    expect(findExecutable('ffplay', { platform: 'linux', env: { PATH: `${a}:${b}` } })).toBe(join(b, 'ffplay'));
    expect(findExecutable('ffplay.exe', { platform: 'linux', env: { PATH: `${a}:${b}` } })).toBeUndefined();
    expect(findExecutable('ffplay', { platform: 'linux', env: {} })).toBeUndefined();
  });
  it('a folder with the name is not a program', () => {
    const { a } = bins();
    mkdirSync(join(a, 'ffplay.exe'));
    expect(findExecutable('ffplay', { platform: 'win32', env: { PATH: a } })).toBeUndefined();
  });
});
