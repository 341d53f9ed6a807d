// --sandbox as a new user meets it: a background sandbox per config dir that outlives each command. The sandbox is
// always a real background process; the commands run as child processes where the test is about a process (its
// exit, its signals, its closed stdio, several at once) and in-process otherwise. Every test has its own config dir.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { saveState } from '../../src/sandbox/persist.js';
import { Sandbox } from '../../src/sandbox/server.js';
import { pidAlive as alive } from '../../src/sandbox/service.js';
import { BIN, cli, cliEnv, spawnCli, stopSandboxService, tempDir, virtualClock } from '../helpers/cli.js';
import { SIGNALS_DELIVERED } from '../helpers/capabilities.js';

// No key and no base URL: --sandbox needs neither. Polls every 50 ms so that waits end soon after completion.
// A wait for a generation, which takes 3.5 s of real time without a scenario, polls every 500 ms (WAIT_POLL) instead:
// 7 requests, not 70, for the same outcome.
const WAIT_POLL = { VOICECTL_POLL_INTERVAL_MS: '500' };
const opts = (configDir: string, env: Record<string, string> = {}) => ({
  configDir,
  key: null,
  env: { VOICECTL_POLL_INTERVAL_MS: '50', ...env },
});

const dirs: string[] = [];
function configDir(): string {
  const d = tempDir();
  dirs.push(d);
  return d;
}
// The tests run at once (each has its own config dir, so its own sandbox): most of their time is waiting on
// processes, and the file would otherwise be the last to finish. Their sandboxes are all stopped at the end.
afterAll(async () => {
  await Promise.all(dirs.splice(0).map((d) => stopSandboxService(d)));
});

const info = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'sandbox.json'), 'utf8')) as { pid: number; url: string; instance: string };

/** Resolves when `check` holds, polling every 20 ms; fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.concurrent('--sandbox: a background sandbox that outlives the command', () => {
  it("README's first command; the next command sees the record; the audioUrl answers after the command exited", async () => {
    const dir = configDir();
    const r = await spawnCli(['--sandbox', 'tts', 'create', '--text', 'Hello', '--wait'], opts(dir, WAIT_POLL));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^sandbox: started a background sandbox for .* \(it stops after 1 min idle\)$/m);
    expect(r.stderr).not.toContain('damaged'); // no state file yet: a fresh state, silently
    expect(r.stderr).toMatch(/^sandbox: local simulation at http:\/\/127\.0\.0\.1:\d+/m);
    const g = JSON.parse(r.stdout) as { id: string; status: string; tokenCost: number; audioUrl: string };
    expect(g).toMatchObject({ status: 'completed', tokenCost: 10 });

    // The command has exited (its stdout and stderr closed: the sandbox holds neither): the link still works.
    const audio = await fetch(g.audioUrl);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect(
      Buffer.from(await audio.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('RIFF');

    const again = await cli(['--sandbox', 'tts', 'get', g.id], opts(dir));
    expect(again.code).toBe(0);
    // The banner is said once per start of the sandbox.
    expect(again.stderr).toBe('');
    expect(JSON.parse(again.stdout)).toMatchObject({ id: g.id, status: 'completed' });
  }, 60_000);

  it('commands started together: one sandbox, and all their records kept', async () => {
    const dir = configDir();
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        spawnCli(['--sandbox', 'tts', 'create', '-q', '--text', `Parallel ${i}`], opts(dir)),
      ),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    expect(runs.filter((r) => r.stderr.includes('started a background sandbox'))).toHaveLength(1);
    expect(runs.filter((r) => r.stderr.includes('local simulation at'))).toHaveLength(1);
    const ids = runs.map((r) => r.stdout.trim());
    const list = await cli(['--sandbox', 'tts', 'list', '--all', '-q'], opts(dir));
    expect(list.stdout.trim().split('\n').sort()).toEqual([...ids].sort());
  }, 60_000);

  it.skipIf(!SIGNALS_DELIVERED)(
    'a long --sandbox command (campaigns show --watch) does not delay another one',
    async () => {
      const dir = configDir();
      const created = await cli(
        [
          '--sandbox',
          'campaigns',
          'create',
          '--name',
          'Watched',
          '--agent',
          'agent_sales',
          '--from',
          '+390212345678',
          '--contacts',
          join(import.meta.dirname, '../../fixtures/campaigns/contacts.json'),
          '--scheduled-at',
          '2099-01-15T09:00Z',
          '--yes',
          '-q',
        ],
        opts(dir),
      );
      expect(created.code, created.stderr).toBe(0);
      const id = created.stdout.trim();
      // SCHEDULED in 2099: --watch keeps polling until it is stopped.
      let watchErr = '';
      const watch = spawn(
        process.execPath,
        [BIN, '--sandbox', '--debug', 'campaigns', 'show', id, '--watch', '--interval', '1'],
        {
          env: cliEnv(opts(dir)) as NodeJS.ProcessEnv,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      watch.stderr.on('data', (c: Buffer) => (watchErr += c.toString()));
      const watchEnded = new Promise<number | null>((resolve) => watch.on('close', (code) => resolve(code)));
      await until(() => watchErr.includes(`/v1/campaigns/${id}`), 20_000, 'the watch to connect');

      const started = Date.now();
      const list = await cli(['--sandbox', 'tts', 'list', '-q'], opts(dir));
      const took = Date.now() - started;
      expect(list.code, list.stderr).toBe(0);
      expect(list.stderr).not.toContain('waiting');
      expect(watch.exitCode, 'the watch is still running').toBeNull();
      // Measured 0.3-1.3 s on the shared 2-core machine; the old lock made it wait for the watch to end (never).
      expect(took).toBeLessThan(10_000);

      const killedAt = Date.now();
      watch.kill('SIGTERM');
      expect(await watchEnded).toBe(143);
      expect(Date.now() - killedAt).toBeLessThan(5000);
    },
    60_000,
  );

  it.skipIf(!SIGNALS_DELIVERED)(
    'a command killed after its request was answered loses nothing it created',
    async () => {
      const dir = configDir();
      let stderr = '';
      // Polls every 10 minutes: after its first look the wait sleeps until the signal, whatever the machine's speed.
      const child = spawn(
        process.execPath,
        [BIN, '--sandbox', 'tts', 'create', '--text', 'Kept after SIGTERM', '--wait'],
        {
          env: cliEnv(opts(dir, { VOICECTL_POLL_INTERVAL_MS: '600000' })) as NodeJS.ProcessEnv,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      const state = join(dir, 'sandbox-state.json');
      await until(
        () => existsSync(state) && readFileSync(state, 'utf8').includes('Kept after SIGTERM'),
        20_000,
        'the generation to be saved',
      );
      child.kill('SIGTERM');
      expect(await ended, stderr).toBe(143);
      const list = await cli(['--sandbox', 'tts', 'list', '--json'], opts(dir));
      expect(JSON.parse(list.stdout).map((g: { text: string }) => g.text)).toContain('Kept after SIGTERM');
    },
    60_000,
  );

  it('sandbox status and stop: the process ends, its sandbox.json goes, the state stays for the next start', async () => {
    const dir = configDir();
    const created = await cli(['--sandbox', 'tts', 'create', '-q', '--text', 'Survives a stop'], opts(dir));
    expect(created.code, created.stderr).toBe(0);
    const status = await cli(['sandbox', 'status', '--json'], opts(dir));
    const s = JSON.parse(status.stdout);
    expect(s).toMatchObject({ running: true, pid: info(dir).pid, idleStopSeconds: 60 });
    expect(alive(s.pid)).toBe(true);

    const stop = await cli(['sandbox', 'stop'], opts(dir));
    expect(stop.code, stop.stderr).toBe(0);
    expect(stop.stderr).toContain(`sandbox stopped (pid ${s.pid}`);
    expect(alive(s.pid)).toBe(false);
    expect(existsSync(join(dir, 'sandbox.json'))).toBe(false);
    // Stopped, it still names the state file: README's "start afresh" removes it.
    expect(JSON.parse((await cli(['sandbox', 'status', '--json'], opts(dir))).stdout)).toMatchObject({
      running: false,
      stateFile: join(dir, 'sandbox-state.json'),
    });
    expect(existsSync(join(dir, 'sandbox-state.json'))).toBe(true);
    const again = await cli(['sandbox', 'stop'], opts(dir));
    expect(again).toMatchObject({ code: 0, stderr: 'no background sandbox was running\n' });

    const get = await cli(['--sandbox', 'tts', 'get', created.stdout.trim()], opts(dir));
    expect(get.code, get.stderr).toBe(0);
    expect(get.stderr).toContain('started a background sandbox');
  }, 60_000);

  it('stops by itself after the idle time (VOICECTL_SANDBOX_IDLE), however often its status is asked', async () => {
    const dir = configDir();
    const r = await cli(['--sandbox', 'tts', 'list', '-q'], opts(dir, { VOICECTL_SANDBOX_IDLE: '1' }));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('(it stops after 1 s idle)');
    const { pid, url, instance } = info(dir);
    const { probe } = await import('../../src/sandbox/service.js');
    // Asked every 20 ms, as a status loop would: only API requests keep it running.
    await until(
      async () => !(await probe({ pid, url, instance, version: '', startedAt: '' }, 500)) && !alive(pid),
      15_000,
      'the idle sandbox to stop',
    );
    expect(existsSync(join(dir, 'sandbox.json'))).toBe(false);
  }, 30_000);

  it('VOICECTL_SANDBOX_IDLE: a whole number of seconds from 1 to 86400; anything else is exit 2, nothing started', async () => {
    for (const bad of ['0', '86401', 'abc', '-5', '1e99', '1.5', ' 60', '0x10']) {
      const dir = configDir();
      const r = await cli(['--sandbox', 'tts', 'list', '-q'], opts(dir, { VOICECTL_SANDBOX_IDLE: bad }));
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain(
        `VOICECTL_SANDBOX_IDLE must be a whole number of seconds from 1 to 86400 (got "${bad}")`,
      );
      expect(r.stderr).not.toContain('started a background sandbox');
      expect(existsSync(join(dir, 'sandbox.json')), bad).toBe(false);
      expect(existsSync(join(dir, 'sandbox.log')), bad).toBe(false);
    }
    // The last good value: the sandbox starts with it, and `sandbox status` reports it.
    const dir = configDir();
    const r = await cli(['--sandbox', 'tts', 'list', '-q'], opts(dir, { VOICECTL_SANDBOX_IDLE: '86400' }));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('(it stops after 1440 min idle)');
    const status = await cli(['sandbox', 'status', '--json'], opts(dir));
    expect(JSON.parse(status.stdout)).toMatchObject({ running: true, idleStopSeconds: 86400 });
    const human = await cli(['sandbox', 'status'], { ...opts(dir), tty: true });
    expect(human.stdout).toMatch(/Stops when idle\s+after 1440 min/);
  }, 30_000);

  it('a stale sandbox.json (nothing answers there, its pid reused) is replaced by a new sandbox', async () => {
    const dir = configDir();
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    writeFileSync(
      join(dir, 'sandbox.json'),
      JSON.stringify({ pid: 1, url: `http://127.0.0.1:${port}`, version: '0.1.0', instance: 'gone', startedAt: '' }),
    );
    const r = await cli(['--sandbox', 'tts', 'list', '-q'], opts(dir));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('started a background sandbox');
    expect(info(dir).instance).not.toBe('gone');
  }, 30_000);

  it('a sandbox of another voicectl version is asked to stop and replaced (its stop proven by a challenge, the token never sent)', async () => {
    const dir = configDir();
    const instance = 'old-instance';
    const hmac = (purpose: string, nonce: string) =>
      createHmac('sha256', instance).update(`voicectl-sandbox ${purpose}\n${nonce}`).digest('hex');
    const stops: (string | undefined)[] = [];
    const old = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/_sandbox/status') {
        res.writeHead(200, { 'content-type': 'application/json' });
        const proof = hmac('status', url.searchParams.get('nonce') ?? '');
        res.end(JSON.stringify({ data: { proof, challenge: 'c1', version: '0.0.1', pid: 999_999_999, url: oldUrl } }));
      } else if (url.pathname === '/_sandbox/stop' && req.method === 'POST') {
        stops.push(req.headers['x-voicectl-sandbox-proof'] as string | undefined);
        res.end('{}');
        old.close();
        old.closeAllConnections();
      } else res.writeHead(404).end();
    });
    await new Promise<void>((r) => old.listen(0, '127.0.0.1', r));
    const oldUrl = `http://127.0.0.1:${(old.address() as AddressInfo).port}`;
    writeFileSync(
      join(dir, 'sandbox.json'),
      JSON.stringify({ pid: 999_999_999, url: oldUrl, version: '0.0.1', instance, startedAt: '' }),
    );
    const r = await cli(['--sandbox', 'tts', 'list', '-q'], opts(dir));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('sandbox: restarting the background sandbox (it runs voicectl 0.0.1, this is 0.1.0)');
    expect(stops).toEqual([`c1.${hmac('stop', 'c1')}`]);
    expect(info(dir).url).not.toBe(oldUrl);
  }, 30_000);

  it('a damaged state file (cut short, or not a saved state) is moved aside and reported, not silently replaced', async () => {
    const dir = configDir();
    const state = join(dir, 'sandbox-state.json');
    // A saved state, as the sandbox saves it (the first test starts one with no state file: silently fresh).
    saveState(state, new Sandbox().state);
    const damaged: string[] = [];
    for (const damage of [
      () => truncateSync(state, 1000), // bad JSON
      () => writeFileSync(state, '{"version":1,"orgs":{}}'), // wrong shape
    ]) {
      expect((await cli(['sandbox', 'stop'], opts(dir))).code).toBe(0);
      damage();
      const before = readFileSync(state, 'utf8');
      const r = await cli(['--sandbox', 'tts', 'list', '-q'], opts(dir));
      expect(r.code, r.stderr).toBe(0);
      const line = r.stderr.split('\n').find((l) => l.includes('damaged'));
      expect(line).toMatch(
        /^sandbox: the state file .*sandbox-state\.json was damaged \(.+\): moved it to .*sandbox-state\.json\.damaged-\S+ and started afresh$/,
      );
      const aside = readdirSync(dir).filter((f) => f.startsWith('sandbox-state.json.damaged-') && !damaged.includes(f));
      expect(aside).toHaveLength(1);
      damaged.push(aside[0]);
      expect(readFileSync(join(dir, aside[0]), 'utf8')).toBe(before); // kept as it was
      expect(readFileSync(join(dir, 'sandbox.log'), 'utf8')).toContain(`moved it to ${join(dir, aside[0])}`);
    }
    expect(damaged).toHaveLength(2);
  }, 60_000);

  it('a sandbox that exits at once: the command says why, leaves no start lock, and the next one fails as fast', async () => {
    const dir = configDir();
    mkdirSync(join(dir, 'sandbox-state.json')); // the sandbox cannot read its state: it exits at once
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const r = await spawnCli(['--sandbox', 'tts', 'list'], opts(dir));
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^error: the background sandbox did not start: it exited \(code 1\): .*cannot read the sandbox state file .*EISDIR/m,
      );
      expect(r.stderr).not.toContain('started a background sandbox'); // said only once it answers
      expect(r.stderr).not.toContain('another voicectl');
      expect(existsSync(join(dir, 'sandbox.start.lock'))).toBe(false);
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  }, 60_000);

  it('a start lock held by another starter: the command says so and how old it is, then goes on once it is gone', async () => {
    const dir = configDir();
    const lock = join(dir, 'sandbox.start.lock');
    mkdirSync(lock);
    let stderr = '';
    const child = spawn(process.execPath, [BIN, '--sandbox', 'tts', 'list', '-q'], {
      env: cliEnv(opts(dir)) as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await until(() => stderr.includes('another voicectl'), 10_000, 'the note about the lock');
    expect(stderr).toMatch(
      /^sandbox: another voicectl is starting the background sandbox \(its start lock .*sandbox\.start\.lock is \d+\.\d s old\); waiting up to 15 s for it$/m,
    );
    rmdirSync(lock);
    expect(await ended, stderr).toBe(0);
    expect(stderr).toContain('started a background sandbox');
  }, 30_000);

  it('sandbox stop while a command waits on it: the wait ends at once saying so, and resuming starts it again', async () => {
    const dir = configDir();
    const created = await cli(['--sandbox', 'tts', 'create', '-q', '--text', 'Waited on'], opts(dir));
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.trim();
    // The wait's clock is virtual: its first wait between polls is where `voicectl sandbox stop` runs.
    const clock = virtualClock();
    let stopped = false;
    const sleep = async (ms: number, signal?: AbortSignal) => {
      if (!stopped) {
        stopped = true;
        expect((await cli(['sandbox', 'stop'], opts(dir))).code).toBe(0);
      }
      return clock.sleep(ms, signal);
    };
    const r = await cli(['--sandbox', 'tts', 'wait', id, '--timeout', '60s'], {
      ...opts(dir),
      clock: { ...clock, sleep },
    });
    expect(stopped).toBe(true);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: the background sandbox stopped \(voicectl sandbox stop\?\)/m);
    expect(r.stderr).toContain(`Resume with: voicectl --sandbox tts wait ${id}`);
    expect(r.stderr).not.toContain('still waiting');
    expect(r.stderr).not.toContain('gave up');
    expect(clock.waits).toHaveLength(1); // no polling of the dead port

    const again = await cli(['--sandbox', 'tts', 'wait', id], opts(dir, WAIT_POLL));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('started a background sandbox');
    expect(JSON.parse(again.stdout)).toMatchObject({ id, status: 'completed' });
  }, 60_000);

  it('a state file that cannot be written: the command says so and exits 1, in bounded time', async () => {
    const dir = configDir();
    expect((await cli(['--sandbox', 'tts', 'list', '-q'], opts(dir))).code).toBe(0);
    // A folder where the state goes: the rename into place fails. (A link to /dev/full at the temporary name no
    // longer fails it: the sandbox creates its files without following links.)
    rmSync(join(dir, 'sandbox-state.json'));
    mkdirSync(join(dir, 'sandbox-state.json', 'x'), { recursive: true });
    const started = Date.now();
    const r = await cli(['--sandbox', 'tts', 'create', '--text', 'Disk full'], opts(dir));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: the sandbox could not save its state .*(EISDIR|ENOTEMPTY|EEXIST)/m);
    expect(r.stderr).toContain('status 500');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);
});
