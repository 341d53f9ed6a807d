// `profiles add --api-key KEY`: the key leaves the process's arguments before anything waits, so that another local
// user reading /proc/<pid>/cmdline (ps) while the command waits sees *** (issue 35). The wait is made a known
// moment: another voicectl's lock on profiles.json, which the command says it waits for; the test reads the
// arguments then, and only then lets it go on.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyOutOfArgv } from '../../src/config/key.js';
import { spawnCli, tempDir } from '../helpers/cli.js';

const KEY = 'vk_live_argv_secret_00042';

describe('profiles add --api-key', () => {
  it.skipIf(process.platform !== 'linux')(
    'while it waits, /proc/<pid>/cmdline shows the command with the key as ***',
    async () => {
      const cfg = tempDir();
      const lock = join(cfg, 'profiles.json.lock');
      mkdirSync(lock);
      let seen = '';
      const r = await spawnCli(['profiles', 'add', 'work', '--base-url', 'https://api.example.com', '--api-key', KEY], {
        configDir: cfg,
        key: null,
        onSpawn: (child) => {
          let err = '';
          child.stderr?.on('data', (c: Buffer) => {
            err += c.toString();
            if (!seen && err.includes('waiting for another voicectl writing profiles')) {
              seen = readFileSync(`/proc/${child.pid}/cmdline`, 'latin1');
              rmSync(lock, { recursive: true });
            }
          });
        },
      });
      expect(r.code, r.stderr).toBe(0);
      expect(seen).not.toContain(KEY);
      expect(seen).toContain('voicectl profiles add work --base-url https://api.example.com --api-key ***');
      expect(readFileSync(join(cfg, 'profiles.json'), 'utf8')).toContain(KEY);
    },
  );

  it('where the arguments cannot be rewritten (not Linux, or /proc still shows the key), it says so: the command refuses --api-key', () => {
    const titles: string[] = [];
    const held = `node\0voicectl\0--api-key\0${KEY}\0`;
    const setTitle = (t: string) => titles.push(t);
    expect(keyOutOfArgv(KEY, { platform: 'darwin', readCmdline: () => held, setTitle })).toBe(false);
    expect(titles).toEqual([]);
    expect(keyOutOfArgv(KEY, { platform: 'linux', readCmdline: () => held, setTitle })).toBe(false);
    expect(titles).toHaveLength(1);
    expect(titles[0]).not.toContain(KEY);
    let cmdline = held;
    const rewrites = (t: string) => {
      cmdline = t;
    };
    expect(keyOutOfArgv(KEY, { platform: 'linux', readCmdline: () => cmdline, setTitle: rewrites })).toBe(true);
  });
});
