// Where the profile file (with its keys) goes: never relative to wherever the command happens to run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDir } from '../../src/config/paths.js';
import { AuthConfigError } from '../../src/errors.js';
import { BIN, tempDir } from '../helpers/cli.js';

const linux = (env: Record<string, string | undefined>) => configDir(env, 'linux');

describe('configDir on Linux', () => {
  it('an absolute XDG_CONFIG_HOME is used; a relative one is ignored, as the XDG spec says', () => {
    expect(linux({ XDG_CONFIG_HOME: '/x/cfg', HOME: '/home/u' })).toBe('/x/cfg/voicectl');
    expect(linux({ XDG_CONFIG_HOME: 'cfg', HOME: '/home/u' })).toBe('/home/u/.config/voicectl');
    expect(linux({ XDG_CONFIG_HOME: './cfg', HOME: '/home/u' })).toBe('/home/u/.config/voicectl');
    expect(linux({ XDG_CONFIG_HOME: '', HOME: '/home/u' })).toBe('/home/u/.config/voicectl');
  });

  it('the last good HOME is any absolute path ("/"); an empty or relative one is an error, exit 3', () => {
    expect(linux({ HOME: '/' })).toBe('/.config/voicectl');
    for (const [home, why] of [
      ['', 'HOME is empty'],
      ['.', 'HOME is a relative path (".")'],
      ['home/u', 'HOME is a relative path ("home/u")'],
    ]) {
      let err: unknown;
      try {
        linux({ HOME: home, XDG_CONFIG_HOME: 'relative' });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(AuthConfigError);
      expect((err as AuthConfigError).exitCode).toBe(3);
      expect((err as AuthConfigError).message).toBe(`no usable home directory for the profile file: ${why}`);
      expect((err as AuthConfigError).hints.join(' ')).toContain('Set HOME');
      expect((err as AuthConfigError).hints.join(' ')).toContain('VOICECTL_CONFIG_DIR');
    }
  });

  it('an absolute XDG_CONFIG_HOME needs no HOME', () => {
    expect(linux({ HOME: '', XDG_CONFIG_HOME: '/x/cfg' })).toBe('/x/cfg/voicectl');
  });

  it('VOICECTL_CONFIG_DIR wins; a relative one is resolved against the current directory, explicitly', () => {
    expect(linux({ VOICECTL_CONFIG_DIR: '/abs/dir', HOME: '' })).toBe('/abs/dir');
    expect(linux({ VOICECTL_CONFIG_DIR: 'rel/dir', HOME: '' })).toBe(resolve('rel/dir'));
  });
});

describe('profiles add with no usable home', () => {
  /** Runs the built CLI in an empty directory, without VOICECTL_CONFIG_DIR. */
  function add(env: Record<string, string>) {
    const cwd = tempDir();
    const r = spawnSync(
      process.execPath,
      [BIN, 'profiles', 'add', 'w', '--base-url', 'https://api.example.com', '--api-key', 'vk_secret_123456'],
      { cwd, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' },
    );
    return { code: r.status, stderr: r.stderr, stdout: r.stdout, cwd };
  }

  it.each([
    ['HOME empty', { HOME: '' }, 'HOME is empty'],
    [
      'HOME relative, XDG_CONFIG_HOME relative',
      { HOME: 'me', XDG_CONFIG_HOME: 'cfg' },
      'HOME is a relative path ("me")',
    ],
  ])(
    '%s: exit 3 saying to set HOME or VOICECTL_CONFIG_DIR, nothing written in the current directory',
    (_what, env, why) => {
      const r = add(env);
      expect(r.code).toBe(3);
      expect(r.stderr).toContain(`error: no usable home directory for the profile file: ${why}`);
      expect(r.stderr).toContain('VOICECTL_CONFIG_DIR');
      expect(r.stderr + r.stdout).not.toContain('vk_secret_123456');
      expect(readdirSync(r.cwd)).toEqual([]);
    },
  );

  it('a relative XDG_CONFIG_HOME is ignored: the file goes to $HOME/.config/voicectl', () => {
    const home = tempDir();
    const r = add({ HOME: home, XDG_CONFIG_HOME: 'cfg' });
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(home, '.config', 'voicectl', 'profiles.json'))).toBe(true);
    expect(readdirSync(r.cwd)).toEqual([]);
  });
});
