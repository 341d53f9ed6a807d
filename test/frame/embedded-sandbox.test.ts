// --sandbox as a new user meets it (README's first command): a sandbox inside the command, its state kept in
// the config dir between commands, and one command at a time on that state (a lock), run as child processes.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli, tempDir } from '../helpers/cli.js';

// Fast generations; no key and no base URL: --sandbox needs neither.
const opts = (configDir: string) => ({ configDir, key: null, env: { VOICECTL_POLL_INTERVAL_MS: '50' } });

describe('--sandbox', () => {
  it("runs README's first command: create, wait, a completed record; the next command sees it", async () => {
    const dir = tempDir();
    const r = await spawnCli(['--sandbox', 'tts', 'create', '--text', 'Hello', '--wait'], opts(dir));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^sandbox: local simulation at http:\/\/127\.0\.0\.1:\d+/m);
    const g = JSON.parse(r.stdout) as { id: string; status: string; tokenCost: number };
    expect(g).toMatchObject({ status: 'completed', tokenCost: 10 });
    const again = await spawnCli(['--sandbox', 'tts', 'get', g.id], opts(dir));
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ id: g.id, status: 'completed' });
    expect(existsSync(join(dir, 'sandbox-state.json.lock'))).toBe(false);
  }, 30_000);

  it('commands started together all keep what they did (one at a time on the state file)', async () => {
    const dir = tempDir();
    const runs = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        spawnCli(['--sandbox', 'tts', 'create', '-q', '--text', `Parallel ${i}`], opts(dir)),
      ),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const ids = runs.map((r) => r.stdout.trim());
    const list = await spawnCli(['--sandbox', 'tts', 'list', '--all', '-q'], opts(dir));
    expect(list.stdout.trim().split('\n').sort()).toEqual([...ids].sort());
  }, 30_000);

  it('waits for a live holder of the lock, saying so, and takes over a lock whose process is gone', async () => {
    const dir = tempDir();
    const lock = join(dir, 'sandbox-state.json.lock');
    writeFileSync(lock, String(process.pid)); // this test runner: alive
    const waited = spawnCli(['--sandbox', 'tts', 'list', '-q'], opts(dir));
    await new Promise((r) => setTimeout(r, 1500));
    writeFileSync(lock, '999999999'); // its holder is gone now
    const w = await waited;
    expect(w.code, w.stderr).toBe(0);
    expect(w.stderr).toContain(`sandbox: waiting for another --sandbox command (pid ${process.pid}) to finish`);
    expect(existsSync(lock)).toBe(false);
  }, 30_000);
});
