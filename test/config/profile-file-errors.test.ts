// A profiles.json that cannot be used: its text never reaches any output (it holds API keys), a file the system
// refuses is a file error (exit 1), and a lock left by another voicectl is waited for out loud.
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { jsonErrorAt, openStore, storeOpenError } from '../../src/config/store.js';
import { cli, tempDir } from '../helpers/cli.js';

const KEY = 'vk_live_SECRET123456';

/** Every 4-character piece of the key that appears in `text`. */
function keyPieces(text: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 4 <= KEY.length; i++) if (text.includes(KEY.slice(i, i + 4))) found.push(KEY.slice(i, i + 4));
  return found;
}

describe('a profiles.json that is not JSON', () => {
  const cases: [string, string, string][] = [
    [
      'the key unquoted',
      `{"profiles":{"w":{"baseUrl":"https://api.example.com","apiKey":${KEY}}}}`,
      'line 1, column 64',
    ],
    [
      'the key single-quoted',
      `{"profiles":{"w":{"baseUrl":"https://api.example.com",\n"apiKey":'${KEY}'}}}`,
      'line 2, column 10',
    ],
    ['only the key', KEY, 'line 1, column 1'],
    ['the key in a string never closed', `{"profiles":{"w":{"apiKey":"${KEY}`, 'line 1, column'],
  ];
  for (const [name, text, where] of cases) {
    it(`${name}: says where it is broken, never any part of the key, in text or --json (exit 2)`, async () => {
      const dir = tempDir();
      writeFileSync(join(dir, 'profiles.json'), text, { mode: 0o600 });
      const r = await cli(['profiles', 'list'], { configDir: dir, key: null });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`profiles.json cannot be read: it is not valid JSON at ${where}`);
      expect(keyPieces(r.stdout + r.stderr)).toEqual([]);
      const j = await cli(['profiles', 'list', '--json'], { configDir: dir, key: null });
      expect(j.code).toBe(2);
      expect(j.stdout + j.stderr).toContain('not valid JSON at');
      expect(keyPieces(j.stdout + j.stderr)).toEqual([]);
    });
  }

  it('finds the place with or without a position in the message', () => {
    expect(jsonErrorAt('{"a":1}')).toBeUndefined();
    expect(jsonErrorAt('{"a":1}x')).toEqual({ line: 1, column: 8 });
    expect(jsonErrorAt('{"a":\n  1,\n  x}')).toEqual({ line: 3, column: 3 });
    expect(jsonErrorAt('{"a":1')).toEqual({ line: 1, column: 7 });
    expect(jsonErrorAt('')).toEqual({ line: 1, column: 1 });
  });
});

describe('a profiles.json the system refuses', () => {
  it('a folder in its place: a file error naming it, exit 1, not "fix or delete"', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'profiles.json'));
    const r = await cli(['profiles', 'list', '--json'], { configDir: dir, key: null });
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toContain('file_error');
    expect(r.stdout + r.stderr).toContain(`${join(dir, 'profiles.json')}: is a directory (EISDIR)`);
    expect(r.stdout + r.stderr).not.toContain('Fix or delete');
  });

  it('permission denied (EACCES, which root cannot produce with chmod): a file error with a permission hint', () => {
    const file = '/home/u/.config/voicectl/profiles.json';
    const err = Object.assign(new Error(`EACCES: permission denied, open '${file}'`), {
      code: 'EACCES',
      syscall: 'open',
      path: file,
    });
    const e = storeOpenError(err, file, '/home/u/.config/voicectl');
    expect(e.code).toBe('file_error');
    expect(e.exitCode).toBe(1);
    expect(e.message).toBe(`could not open ${file}: permission denied (EACCES)`);
    expect(e.hints[0]).toContain(`Check who owns ${file} and its permissions`);
  });
});

describe('a lock held by another voicectl', () => {
  it('is said once on stderr with its age, after the first short wait, and taken over when stale', async () => {
    const dir = tempDir();
    const lock = join(dir, 'profiles.json.lock');
    mkdirSync(lock);
    const t = (Date.now() - 3000) / 1000;
    utimesSync(lock, t, t);
    const said: string[] = [];
    let sleeps = 0;
    const store = await openStore(dir, {
      onWait: (line) => said.push(line),
      // No real sleep: the third wait makes the lock as old as a dead writer's.
      sleep: async () => {
        if (++sleeps === 3) utimesSync(lock, t - 60, t - 60);
      },
    });
    await store.update((d) => ({ ...d, current: 'x' }));
    expect(store.read().current).toBe('x');
    expect(said).toEqual([
      'waiting for another voicectl writing profiles (profiles.json.lock, 3 s old; taken over at 10 s) …',
    ]);
    expect(sleeps).toBe(3);
  });

  it('a fresh lock left by a voicectl that died is waited for until it is stale (10 s), then taken over', async () => {
    const dir = tempDir();
    const lock = join(dir, 'profiles.json.lock');
    mkdirSync(lock);
    // Virtual time: each wait ages the lock by as much and moves the clock on; the shortest waits every time
    // (100 tries of them once gave up at ~5 s, before the lock was stale).
    let clock = Date.now();
    let age = 0;
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      const store = await openStore(dir, {
        now: () => clock,
        sleep: async (ms) => {
          clock += ms;
          age += ms;
          const t = (Date.now() - age) / 1000;
          utimesSync(lock, t, t);
        },
      });
      await store.update((d) => ({ ...d, current: 'x' }));
      expect(store.read().current).toBe('x');
      expect(age).toBeGreaterThan(10_000);
    } finally {
      random.mockRestore();
    }
  });

  it('a lock that is free: nothing said', async () => {
    const said: string[] = [];
    const store = await openStore(tempDir(), { onWait: (line) => said.push(line), sleep: async () => undefined });
    await store.update((d) => ({ ...d, current: 'x' }));
    expect(said).toEqual([]);
  });
});
