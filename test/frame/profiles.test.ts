// Profiles as a user meets them: which values an explicit --profile brings, show [name], replacing a profile
// (asked on a terminal, --force elsewhere), removing the default, "did you mean", the file-mode warning.
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../helpers/cli.js';

const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

async function withProfiles(names: string[]): Promise<string> {
  const configDir = tempDir();
  for (const name of names) {
    const r = await cli(['profiles', 'add', name, '--base-url', `https://${name}.example.com`, '--api-key-stdin'], {
      configDir,
      key: null,
      stdin: `key_${name}_${name.length}777`,
    });
    expect(r.code).toBe(0);
  }
  return configDir;
}

const stored = (configDir: string) => JSON.parse(readFileSync(join(configDir, 'profiles.json'), 'utf8'));

async function show(configDir: string, args: string[], env: Record<string, string> = {}) {
  const r = await cli(['profiles', 'show', '--json', ...args], { configDir, key: null, env });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

describe('an explicit --profile', () => {
  const env = { VOICECTL_BASE_URL: 'https://env.example.com', VOICECTL_API_KEY: 'key_env_3333' };

  it('wins for both values over the environment, so an environment key never goes to its host', async () => {
    const configDir = await withProfiles(['work', 'ci']);
    expect(await show(configDir, ['--profile', 'ci'], env)).toMatchObject({
      profile: 'ci',
      baseUrl: 'https://ci.example.com',
      baseUrlSource: 'profile ci',
      apiKey: '****2777',
      apiKeySource: 'profile ci',
    });
  });

  it('still yields to the --base-url flag, and the key stays the profile key', async () => {
    const configDir = await withProfiles(['work']);
    expect(await show(configDir, ['--profile', 'work', '--base-url', 'https://flag.example.com'], env)).toMatchObject({
      baseUrl: 'https://flag.example.com',
      baseUrlSource: 'flag --base-url',
      apiKeySource: 'profile work',
    });
  });

  it('VOICECTL_PROFILE does not: the environment values win over it, as AWS_PROFILE does', async () => {
    const configDir = await withProfiles(['work', 'ci']);
    expect(await show(configDir, [], { ...env, VOICECTL_PROFILE: 'ci' })).toMatchObject({
      baseUrlSource: 'VOICECTL_BASE_URL',
      apiKeySource: 'VOICECTL_API_KEY',
    });
  });

  it('an unknown name suggests the nearest one', async () => {
    const configDir = await withProfiles(['work', 'ci']);
    const r = await cli(['profiles', 'show', '--profile', 'wrok'], { configDir, key: null });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: no profile named "wrok" (--profile); did you mean work?');
  });
});

describe('profiles show [name]', () => {
  it('shows what --profile <name> would use, not the default', async () => {
    const configDir = await withProfiles(['work', 'ci']);
    expect(await show(configDir, ['ci'])).toMatchObject({ profile: 'ci', baseUrl: 'https://ci.example.com' });
    expect(await show(configDir, [])).toMatchObject({ profile: 'work' });
  });

  it('an unknown name exits 2 with "did you mean"', async () => {
    const configDir = await withProfiles(['work']);
    const r = await cli(['profiles', 'show', 'wrk'], { configDir, key: null });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: no profile named "wrk"; did you mean work\?\n {2}Known profiles: work\.\n$/);
  });
});

describe('profiles use', () => {
  it('a near miss offers the stored name and changes nothing', async () => {
    const configDir = await withProfiles(['work', 'ci']);
    const r = await cli(['profiles', 'use', 'wrk'], { configDir, key: null });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no profile named "wrk"; did you mean work?');
    expect(stored(configDir).current).toBe('work');
  });

  it('a name far from every stored one gets no guess', async () => {
    const configDir = await withProfiles(['work']);
    const r = await cli(['profiles', 'use', 'production'], { configDir, key: null });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('did you mean');
  });
});

describe('profiles add over an existing name', () => {
  const replace = ['profiles', 'add', 'work', '--base-url', 'https://new.example.com'];

  it('without a terminal needs --force: exit 2, the stored profile untouched', async () => {
    const configDir = await withProfiles(['work']);
    const before = readFileSync(join(configDir, 'profiles.json'), 'utf8');
    const r = await cli([...replace, '--api-key-stdin'], { configDir, key: null, stdin: 'key_new_0000' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'error: profile work exists (https://work.example.com); pass --force to replace it\n  Nothing was changed.',
    );
    expect(readFileSync(join(configDir, 'profiles.json'), 'utf8')).toBe(before);
  });

  it('with --force replaces it', async () => {
    const configDir = await withProfiles(['work']);
    const r = await cli([...replace, '--api-key-stdin', '--force'], { configDir, key: null, stdin: 'key_new_0000' });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Updated profile work/);
    expect(stored(configDir).profiles.work).toEqual({ baseUrl: 'https://new.example.com', apiKey: 'key_new_0000' });
  });

  it.each([
    ['Enter (the default is no)', '\r'],
    ['n', 'n\r'],
  ])('on a terminal asks; %s keeps it and exits 130', async (_name, typed) => {
    const configDir = await withProfiles(['work']);
    const before = readFileSync(join(configDir, 'profiles.json'), 'utf8');
    const r = await cli([...replace, '--api-key', 'key_new_0000'], { configDir, key: null, tty: true, stdin: typed });
    expect(r.code).toBe(130);
    const err = stripAnsi(r.stderr);
    expect(err).toContain('Replace profile work (https://work.example.com)? (y/N)');
    expect(err).toMatch(/Nothing was changed: profile work still uses https:\/\/work\.example\.com\.\n$/);
    expect(err).not.toContain('interrupted');
    expect(readFileSync(join(configDir, 'profiles.json'), 'utf8')).toBe(before);
  });

  it('on a terminal, y replaces it', async () => {
    const configDir = await withProfiles(['work']);
    const r = await cli([...replace, '--api-key', 'key_new_0000'], { configDir, key: null, tty: true, stdin: 'y\r' });
    expect(r.code).toBe(0);
    expect(stored(configDir).profiles.work.baseUrl).toBe('https://new.example.com');
  });

  it('a new name is added without asking', async () => {
    const configDir = await withProfiles(['work']);
    const r = await cli(['profiles', 'add', 'ci', '--base-url', 'https://ci.example.com', '--api-key', 'key_ci_0000'], {
      configDir,
      key: null,
      tty: true,
    });
    expect(r.code).toBe(0);
    expect(stripAnsi(r.stderr)).not.toContain('Replace');
  });
});

describe('profiles remove', () => {
  it('removing the default names the next one as the default', async () => {
    const configDir = await withProfiles(['work', 'ci', 'home']);
    const r = await cli(['profiles', 'remove', 'work'], { configDir, key: null });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'Removed profile work. The default profile is now ci (change it with: voicectl profiles use <name>).\n',
    );
    expect(stored(configDir).current).toBe('ci');
    expect(await show(configDir, [])).toMatchObject({ profile: 'ci' });
  });

  it('removing the last one says there is no default', async () => {
    const configDir = await withProfiles(['work']);
    const r = await cli(['profiles', 'remove', 'work'], { configDir, key: null });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Removed profile work. No profiles are left, so there is no default');
    expect(stored(configDir).current).toBeUndefined();
  });

  it('removing another one leaves the default alone', async () => {
    const configDir = await withProfiles(['work', 'ci']);
    const r = await cli(['profiles', 'remove', 'ci'], { configDir, key: null });
    expect(r.stderr).toBe('Removed profile ci.\n');
    expect(stored(configDir).current).toBe('work');
  });

  it('by its alias, rm, it runs the same', async () => {
    const configDir = await withProfiles(['work', 'ci']);
    const r = await cli(['profiles', 'rm', 'ci'], { configDir, key: null });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Removed profile ci.\n');
    expect(Object.keys(stored(configDir).profiles)).toEqual(['work']);
  });
});

describe('the file-mode warning', () => {
  it('is printed once per command, also where the store is read twice (profiles show <name>)', async () => {
    const configDir = await withProfiles(['work']);
    chmodSync(join(configDir, 'profiles.json'), 0o644);
    for (const argv of [
      ['profiles', 'show'],
      ['profiles', 'show', 'work'],
      ['profiles', 'list'],
    ]) {
      const r = await cli(argv, { configDir, key: null });
      expect(r.stderr.match(/readable by other users/g), argv.join(' ')).toHaveLength(1);
    }
  });
});

describe('names from a hand-edited profile file', () => {
  it('are refused when read, as profiles add refuses them; the error shows them escaped, never interpreted', async () => {
    const { writeFileSync } = await import('node:fs');
    const configDir = tempDir();
    const evil = 'work\x1b]52;c;aGk=\x07';
    writeFileSync(
      join(configDir, 'profiles.json'),
      JSON.stringify({
        current: 'home',
        profiles: {
          home: { baseUrl: 'https://home.example.com', apiKey: 'key_home_1111' },
          [evil]: { baseUrl: 'https://evil.example.com', apiKey: 'key_evil_2222' },
        },
      }),
      { mode: 0o600 },
    );
    const unknown = await cli(['profiles', 'use', 'nope'], { configDir, key: null });
    const removed = await cli(['profiles', 'remove', 'home'], { configDir, key: null });
    for (const r of [unknown, removed]) {
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('is damaged: profiles.work\\x1b]52;c;aGk=\\x07: is not a profile name');
      expect(r.stderr).not.toMatch(/[\x1b\x07]/);
    }
  });
});
