// Profile names that are Object.prototype's members ("constructor", "toString", ...) are names like any other:
// every lookup by name reads the store's own profiles only. "__proto__" is refused by the name rule.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir, useSandbox } from '../helpers/cli.js';

const sandbox = useSandbox();
const stored = (configDir: string) => JSON.parse(readFileSync(join(configDir, 'profiles.json'), 'utf8'));

async function withWork(): Promise<string> {
  const configDir = tempDir();
  const r = await cli(['profiles', 'add', 'work', '--base-url', 'https://api.example.com', '--api-key-stdin'], {
    configDir,
    key: null,
    stdin: 'vk_work_123456789',
  });
  expect(r.code).toBe(0);
  return configDir;
}

describe.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf'])('a profile named %s', (name) => {
  it('can be added, used, listed and removed', async () => {
    const configDir = await withWork();
    const add = await cli(['profiles', 'add', name, '--base-url', sandbox.url, '--api-key-stdin'], {
      configDir,
      key: null,
      stdin: 'vk_other_123456789',
    });
    expect(add.stderr).toContain(`Added profile ${name}`);
    expect(add.code).toBe(0);
    expect(Object.keys(stored(configDir).profiles)).toEqual(['work', name]);
    expect((await cli(['profiles', 'use', name], { configDir, key: null })).code).toBe(0);
    expect(stored(configDir).current).toBe(name);
    const list = await cli(['profiles', 'list', '--json'], { configDir, key: null });
    expect(JSON.parse(list.stdout).map((p: { name: string }) => p.name)).toEqual(['work', name]);
    expect((await cli(['profiles', 'remove', name], { configDir, key: null })).code).toBe(0);
    expect(stored(configDir)).toEqual({ current: 'work', profiles: { work: expect.any(Object) } });
  });

  it('when it does not exist: use, remove, show and --profile exit 2 "no profile named", nothing written', async () => {
    const configDir = await withWork();
    const before = readFileSync(join(configDir, 'profiles.json'), 'utf8');
    for (const argv of [
      ['profiles', 'use', name],
      ['profiles', 'remove', name],
      ['profiles', 'show', name],
      ['--profile', name, 'tts', 'list'],
    ]) {
      const r = await cli(argv, { configDir, key: null });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toContain(`error: no profile named "${name}"`);
    }
    expect(readFileSync(join(configDir, 'profiles.json'), 'utf8')).toBe(before);
    expect(sandbox.requests()).toEqual([]);
  });
});

describe('__proto__', () => {
  it('is refused as a name by profiles add (exit 2, the name rule), nothing written', async () => {
    const configDir = await withWork();
    const r = await cli(
      ['profiles', 'add', '__proto__', '--base-url', 'https://api.example.com', '--api-key', 'vk_x_123456789'],
      {
        configDir,
        key: null,
      },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('starting with a letter or digit');
    expect(Object.keys(stored(configDir).profiles)).toEqual(['work']);
  });

  it('is no profile for use and --profile', async () => {
    const configDir = await withWork();
    for (const argv of [
      ['profiles', 'use', '__proto__'],
      ['--profile', '__proto__', 'tts', 'list'],
    ]) {
      const r = await cli(argv, { configDir, key: null });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('error: no profile named "__proto__"');
    }
    expect(stored(configDir).current).toBe('work');
  });
});
