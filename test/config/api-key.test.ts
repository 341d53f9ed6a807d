// An API key with whitespace or a control character inside (a paste gone wrong) is refused where it is read,
// naming where it came from and the rule, never the key; whitespace around it is trimmed, wherever it comes from.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, KEYS, tempDir, useSandbox } from '../helpers/cli.js';

const sandbox = useSandbox();
const RULE = 'An API key must be printable ASCII with no spaces, tabs, newlines or other control characters';

/** Neither the key nor any part of it of 6 characters or more appears in the output. */
function expectNoKey(out: string, key: string) {
  for (const part of key.split(/[^\x21-\x7e]/).filter((p) => p.length >= 6)) expect(out).not.toContain(part);
}

describe('VOICECTL_API_KEY', () => {
  it('with spaces and a newline around it is trimmed and works', async () => {
    const r = await cli(['tts', 'list'], { sandbox, key: `  ${KEYS.acme}\n` });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(sandbox.requests()).toMatchObject([{ status: 200, authorization: true }]);
  });

  it.each([
    ['a newline', `${KEYS.acme.slice(0, 10)}\n${KEYS.acme.slice(10)}`, 'a newline at character 11'],
    ['a space', `${KEYS.acme.slice(0, 10)} ${KEYS.acme.slice(10)}`, 'a space at character 11'],
    ['a tab', `${KEYS.acme}\tx`, `a tab at character ${KEYS.acme.length + 1}`],
    ['DEL', `${KEYS.acme}\x7f`, 'a control character (U+007F)'],
    ['an ESC', `\x1b${KEYS.acme}`, 'a control character (U+001B) at character 1'],
    ['a non-ASCII character', `${KEYS.acme}é`, 'a non-ASCII character (U+00E9)'],
  ])('with %s inside fails before any request, exit 3, naming the variable and the rule', async (_what, key, why) => {
    const r = await cli(['tts', 'list'], { sandbox, key });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`error: the API key from VOICECTL_API_KEY cannot be used: it contains ${why}`);
    expect(r.stderr).toContain(RULE);
    expect(r.stderr).not.toContain('UND_ERR');
    expectNoKey(r.stdout + r.stderr, key);
    expect(sandbox.requests()).toEqual([]);
  });

  it('the last good characters: every printable ASCII character but the space is accepted', async () => {
    // "!" (0x21) and "~" (0x7e) are the bounds; the sandbox rejects the key (401), but it was sent.
    const r = await cli(['tts', 'list'], { sandbox, key: '!vk_not_a_key~' });
    expect(r.code).toBe(3);
    expect(r.stderr).not.toContain('cannot be used');
    expect(sandbox.requests()).toMatchObject([{ status: 401 }]);
  });

  it('a sandbox demo key with a newline inside fails with --sandbox too, before the sandbox starts', async () => {
    const configDir = tempDir();
    const r = await cli(['--sandbox', 'tts', 'list'], {
      configDir,
      key: `${KEYS.acme.slice(0, 12)}\n${KEYS.acme.slice(12)}`,
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('error: the API key from VOICECTL_API_KEY cannot be used: it contains a newline');
    expect(r.stderr).not.toContain('local simulation');
  });
});

describe('a stored profile', () => {
  it('whose key has a control character inside fails before any request, exit 3, naming the profile and its file', async () => {
    const configDir = tempDir();
    const file = join(configDir, 'profiles.json');
    const key = `${KEYS.acme.slice(0, 10)}\u0007${KEYS.acme.slice(10)}`;
    writeFileSync(
      file,
      JSON.stringify({ current: 'work', profiles: { work: { baseUrl: sandbox.url, apiKey: key } } }),
      {
        mode: 0o600,
      },
    );
    const r = await cli(['tts', 'list'], { configDir, key: null });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      `error: the API key from profile work (${file}) cannot be used: it contains a control character (U+0007) at character 11`,
    );
    expect(r.stderr).toContain(RULE);
    expectNoKey(r.stdout + r.stderr, key);
    expect(sandbox.requests()).toEqual([]);
  });

  it('whose key has a newline at its end (edited by hand) is trimmed, as the environment is', async () => {
    const configDir = tempDir();
    writeFileSync(
      join(configDir, 'profiles.json'),
      JSON.stringify({ profiles: { work: { baseUrl: sandbox.url, apiKey: `${KEYS.acme}\n` } }, current: 'work' }),
      { mode: 0o600 },
    );
    const r = await cli(['tts', 'list'], { configDir, key: null });
    expect(r.code).toBe(0);
    expect(sandbox.requests()).toMatchObject([{ status: 200 }]);
  });
});

describe('profiles add', () => {
  const add = (configDir: string, args: string[], stdin?: string) =>
    cli(['profiles', 'add', 'work', '--base-url', 'https://api.example.com', ...args], { configDir, key: null, stdin });
  const stored = (configDir: string) => JSON.parse(readFileSync(join(configDir, 'profiles.json'), 'utf8'));

  it('trims a key piped with a trailing newline, or given with spaces around it', async () => {
    const a = tempDir();
    expect((await add(a, ['--api-key-stdin'], '  vk_live_123456789\n')).code).toBe(0);
    expect(stored(a).profiles.work.apiKey).toBe('vk_live_123456789');
    const b = tempDir();
    expect((await add(b, ['--api-key', ' vk_live_123456789 '])).code).toBe(0);
    expect(stored(b).profiles.work.apiKey).toBe('vk_live_123456789');
  });

  it.each([
    ['--api-key-stdin', 'line1_secret\nline2_secret\n', 'a newline at character 13 of 25'],
    ['--api-key-stdin', 'vk_live secret_12345', 'a space at character 8 of 20'],
  ])(
    '%s refuses a key with whitespace inside: exit 2, the rule, not the key, nothing written',
    async (flag, key, why) => {
      const configDir = tempDir();
      const r = await add(configDir, [flag], key);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error: the API key cannot be stored: it contains ${why}`);
      expect(r.stderr).toContain(RULE);
      expectNoKey(r.stdout + r.stderr, key);
      expect(existsSync(join(configDir, 'profiles.json'))).toBe(false);
    },
  );

  it('--api-key-stdin reads at most 4096 bytes: 4096 is read (and judged as a key), 4097 is refused unread', async () => {
    const last = tempDir();
    const ok = await add(last, ['--api-key-stdin'], `vk_${'a'.repeat(4093)}`);
    expect(ok.code, ok.stderr).toBe(0);
    expect(stored(last).profiles.work.apiKey).toHaveLength(4096);
    const over = tempDir();
    const r = await add(over, ['--api-key-stdin'], `vk_${'a'.repeat(4094)}`);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--api-key-stdin: stdin sent more than 4096 bytes');
    expect(existsSync(join(over, 'profiles.json'))).toBe(false);
  });

  it('--api-key refuses a control character inside, and a key of spaces only', async () => {
    const configDir = tempDir();
    const r = await add(configDir, ['--api-key', 'vk_live\x00secret_1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('it contains a control character (U+0000) at character 8 of 16');
    const blank = await add(configDir, ['--api-key', '   ']);
    expect(blank.code).toBe(2);
    expect(blank.stderr).toContain('--api-key: must not be empty');
    expect(existsSync(join(configDir, 'profiles.json'))).toBe(false);
  });
});
