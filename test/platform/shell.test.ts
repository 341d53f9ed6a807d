// The shell printed commands are written for: guessed from the environment as each shell leaves it, and each
// word quoted so that the shell reads it back as it was.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Host } from '../../src/platform/host.js';
import { quoteFor, setEnvLine, shellOf } from '../../src/platform/shell.js';

const win = (env: Record<string, string>): Host => ({ platform: 'win32', env });
const USER_MODULES = 'C:\\Users\\jane\\Documents\\PowerShell\\Modules;C:\\Program Files\\PowerShell\\Modules';
const MACHINE_MODULES =
  'C:\\Program Files\\WindowsPowerShell\\Modules;C:\\Windows\\system32\\WindowsPowerShell\\v1.0\\Modules';

describe('shellOf', () => {
  it('is POSIX on Linux and macOS, whatever the environment says of PowerShell', () => {
    expect(shellOf({ platform: 'linux', env: { PSModulePath: USER_MODULES } })).toBe('posix');
    expect(shellOf({ platform: 'darwin', env: {} })).toBe('posix');
  });
  it('on Windows: PowerShell when PSModulePath has the user folder, cmd when only the machine paths', () => {
    expect(shellOf(win({ USERPROFILE: 'C:\\Users\\jane', PSModulePath: USER_MODULES }))).toBe('powershell');
    // Names are case-insensitive on Windows: a copy of the environment may spell them otherwise.
    expect(shellOf(win({ userprofile: 'C:\\Users\\Jane', PSMODULEPATH: USER_MODULES }))).toBe('powershell');
    expect(shellOf(win({ USERPROFILE: 'C:\\Users\\jane', PSModulePath: MACHINE_MODULES }))).toBe('cmd');
    expect(shellOf(win({}))).toBe('cmd');
  });
  it('on Windows: POSIX in Git Bash and MSYS2 (MSYSTEM) or any shell that sets SHELL', () => {
    expect(shellOf(win({ MSYSTEM: 'MINGW64', PSModulePath: USER_MODULES, USERPROFILE: 'C:\\Users\\jane' }))).toBe(
      'posix',
    );
    expect(shellOf(win({ SHELL: '/usr/bin/bash' }))).toBe('posix');
  });
  it('VOICECTL_SHELL overrides the guess; an unknown value is ignored', () => {
    expect(shellOf({ platform: 'linux', env: { VOICECTL_SHELL: 'powershell' } })).toBe('powershell');
    expect(shellOf(win({ VOICECTL_SHELL: 'cmd', MSYSTEM: 'MINGW64' }))).toBe('cmd');
    expect(shellOf(win({ VOICECTL_SHELL: 'tcsh', MSYSTEM: 'MINGW64' }))).toBe('posix');
  });
});

describe('quoteFor', () => {
  it('leaves plain words bare in every shell', () => {
    for (const shell of ['posix', 'powershell', 'cmd'] as const) {
      expect(quoteFor(shell, 'tts_0123')).toBe('tts_0123');
      expect(quoteFor(shell, '--out=a.mp3')).toBe('--out=a.mp3');
    }
  });
  it('POSIX: single quotes, a quote inside closed and escaped', () => {
    expect(quoteFor('posix', "it's here")).toBe(`'it'\\''s here'`);
    expect(quoteFor('posix', 'C:\\x')).toBe(`'C:\\x'`);
  });
  it('PowerShell: single quotes with a quote doubled (typographic ones too); $, @ and a bare -- quoted', () => {
    expect(quoteFor('powershell', "it's")).toBe("'it''s'");
    expect(quoteFor('powershell', 'it\u2019s')).toBe("'it\u2019\u2019s'");
    expect(quoteFor('powershell', '$HOME')).toBe("'$HOME'");
    expect(quoteFor('powershell', '@file')).toBe("'@file'");
    expect(quoteFor('powershell', '--')).toBe("'--'");
    expect(quoteFor('powershell', 'C:\\Users\\jane\\x.csv')).toBe('C:\\Users\\jane\\x.csv');
    expect(quoteFor('powershell', 'C:\\Users\\Jane Doe\\x.csv')).toBe("'C:\\Users\\Jane Doe\\x.csv'");
  });
  it('cmd: double quotes, an inner quote as \\" and the backslashes before it doubled', () => {
    expect(quoteFor('cmd', 'a b')).toBe('"a b"');
    expect(quoteFor('cmd', 'say "hi"')).toBe('"say \\"hi\\""');
    expect(quoteFor('cmd', 'C:\\Jane Doe\\')).toBe('"C:\\Jane Doe\\\\"');
    expect(quoteFor('cmd', 'a&b')).toBe('"a&b"');
  });
  it('POSIX words read back by sh as they were', () => {
    const words = ["it's", 'a b', '$HOME', '`x`', 'C:\\x', '"q"', '*'];
    const r = spawnSync('sh', ['-c', `printf '%s\\n' ${words.map((w) => quoteFor('posix', w)).join(' ')}`], {
      encoding: 'utf8',
    });
    expect(r.stdout.split('\n').slice(0, -1)).toEqual(words);
  });
});

describe('setEnvLine', () => {
  it('is export in POSIX, $env: in PowerShell and set "…" in cmd', () => {
    expect(setEnvLine('posix', 'VOICECTL_BASE_URL', 'http://127.0.0.1:1')).toBe(
      'export VOICECTL_BASE_URL=http://127.0.0.1:1',
    );
    expect(setEnvLine('powershell', 'VOICECTL_BASE_URL', 'http://127.0.0.1:1')).toBe(
      "$env:VOICECTL_BASE_URL = 'http://127.0.0.1:1'",
    );
    expect(setEnvLine('cmd', 'VOICECTL_BASE_URL', 'http://127.0.0.1:1')).toBe(
      'set "VOICECTL_BASE_URL=http://127.0.0.1:1"',
    );
  });
});
