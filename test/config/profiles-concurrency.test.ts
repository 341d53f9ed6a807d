// The profile store across processes and on directories voicectl did not create: concurrent writers never lose
// each other (a lock and an atomic rename), a directory that exists is never chmodded (a warning when others can
// write to it), and symlinks are not followed for mode changes.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, spawnCli, tempDir } from '../helpers/cli.js';

const add = (configDir: string, name: string) =>
  cli(['profiles', 'add', name, '--base-url', 'https://api.example.com', '--api-key-stdin'], {
    configDir,
    key: null,
    stdin: `vk_live_${name}_0123456789`,
  });

describe('profiles add from processes running at once', () => {
  it('ten at once: all exit 0 and all ten are kept, with exactly one default (one of them)', async () => {
    const cfg = join(tempDir(), 'voicectl');
    const names = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const runs = await Promise.all(
      names.map((name) =>
        spawnCli(['profiles', 'add', name, '--base-url', 'https://api.example.com', '--api-key-stdin'], {
          configDir: cfg,
          key: null,
          stdin: `vk_live_${name}_0123456789`,
        }),
      ),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const list = await cli(['profiles', 'list'], { configDir: cfg, key: null });
    const profiles = JSON.parse(list.stdout) as { name: string; default: boolean }[];
    expect(profiles.map((p) => p.name).sort()).toEqual(names);
    expect(profiles.filter((p) => p.default)).toHaveLength(1);
    expect(runs.filter((r) => r.stderr.includes('now the default'))).toHaveLength(1);
    expect(statSync(join(cfg, 'profiles.json')).mode & 0o777).toBe(0o600);
  }, 60_000);

  it('a lock left by a process that died (older than 10 s) is taken over', async () => {
    const cfg = join(tempDir(), 'voicectl');
    expect((await add(cfg, 'first')).code).toBe(0);
    const lock = join(cfg, 'profiles.json.lock');
    mkdirSync(lock);
    const old = new Date(Date.now() - 11_000);
    utimesSync(lock, old, old);
    const r = await add(cfg, 'second');
    expect(r.code, r.stderr).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(join(cfg, 'profiles.json'), 'utf8')).profiles).sort()).toEqual([
      'first',
      'second',
    ]);
  });
});

describe('the config directory', () => {
  const mode = (p: string) => statSync(p).mode & 0o7777;

  it('created by voicectl: 0700, parents included', async () => {
    const cfg = join(tempDir(), 'a', 'b', 'voicectl');
    expect((await add(cfg, 'work')).code).toBe(0);
    expect(mode(cfg)).toBe(0o700);
    expect(mode(join(cfg, '..'))).toBe(0o700);
  });

  it.each([
    [0o755, false],
    [0o750, false],
    [0o770, true], // group may write: the first mode that is shared
    [0o757, true],
    [0o1777, true], // a shared temp dir: the sticky bit stays
  ])('an existing directory of mode %o is left as it is; refused (as ssh refuses it): %s', async (m, refused) => {
    const cfg = join(tempDir(), 'existing');
    mkdirSync(cfg);
    chmodSync(cfg, m);
    const r = await add(cfg, 'work');
    expect(r.code, r.stderr).toBe(refused ? 3 : 0);
    expect(mode(cfg)).toBe(m);
    expect(
      r.stderr.includes(
        `the config folder ${cfg} cannot be trusted with API keys: others may write to it (mode ${m.toString(8)}); nothing was read or sent`,
      ),
    ).toBe(refused);
    const list = await cli(['profiles', 'list'], { configDir: cfg, key: null });
    expect(list.code).toBe(refused ? 3 : 0);
    expect(existsSync(join(cfg, 'profiles.json'))).toBe(!refused);
    if (!refused) expect(mode(join(cfg, 'profiles.json')) & 0o777).toBe(0o600);
  });

  it('a symlink to a directory: judged by the folder it leads to, whose mode stays (no mode change follows the link)', async () => {
    const base = tempDir();
    const target = join(base, 'target');
    mkdirSync(target);
    chmodSync(target, 0o1777);
    const link = join(base, 'link');
    symlinkSync(target, link);
    const r = await add(link, 'work');
    expect(r.code).toBe(3);
    expect(mode(target)).toBe(0o1777);
    expect(r.stderr).toContain('others may write to it (mode 1777)');
    chmodSync(target, 0o700);
    const ok = await add(link, 'work');
    expect(ok.code, ok.stderr).toBe(0);
    expect(mode(target)).toBe(0o700);
  });
});
