// Ctrl-C for real: SIGINT to bin/voicectl.js while a request is in flight (held open by a latency fault),
// while it waits out a Retry-After, and while a conversion is reading its input. Exit 130, no crash, no file left.
import type { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { ROOT, spawnCli, startSandbox, tempDir, type CliResult } from '../helpers/cli.js';
import { expectFailure, until } from './helpers.js';
import { SIGNALS_DELIVERED } from '../helpers/capabilities.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
afterEach(() => {
  sandbox.clearFaults();
  sandbox.log.length = 0;
});

/** Sends SIGINT once `ready` holds; a process still alive 8 s later is killed (and the test fails on its exit code). */
const interruptWhen = (ready: () => boolean) => (child: ReturnType<typeof spawn>) => {
  const kill = () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL');
  void until(ready, 15_000, 'the moment to press Ctrl-C').then(() => {
    child.kill('SIGINT');
    setTimeout(kill, 8000).unref();
  }, kill);
};

describe.skipIf(!SIGNALS_DELIVERED)('Ctrl-C during an --all listing', () => {
  it.each([
    ['messages', 'list', '/v1/messages'],
    ['calls', 'list', '/v1/calls'],
    ['campaigns', 'list', '/v1/campaigns'],
  ])('%s %s: exits 130 with a message while the first page is in flight', async (group, verb, path) => {
    sandbox.addFault({ method: 'GET', path, latencyMs: 20_000 });
    const r = await spawnCli([group, verb, '--all'], {
      sandbox,
      onSpawn: interruptWhen(() => sandbox.requests('GET', path).length > 0),
    });
    expectFailure(r, 130);
    expect(r.stderr).toMatch(/^interrupted/m);
    expect(r.stdout).toBe('');
  });

  it('exits 130 while a later page is in flight, after the first page was printed (ndjson)', async () => {
    // The first request passes; every later one hangs.
    sandbox.addFault({ method: 'GET', path: '/v1/messages', latencyMs: 0, times: 1 });
    sandbox.addFault({ method: 'GET', path: '/v1/messages', latencyMs: 20_000 });
    const r = await spawnCli(['messages', 'list', '--all', '--limit', '5', '--concurrency', '1', '-o', 'ndjson'], {
      sandbox,
      onSpawn: interruptWhen(() => sandbox.requests('GET', '/v1/messages').length > 1),
    });
    expectFailure(r, 130);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(5);
    for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
  });
});

describe.skipIf(!SIGNALS_DELIVERED)('Ctrl-C while waiting to retry', () => {
  it('a Retry-After of 20 s (the longest waited) is waited, --debug says how long, and Ctrl-C ends the wait', async () => {
    sandbox.addFault({ method: 'GET', path: '/v1/calls', status: 429, retryAfter: '20' });
    let stderr = '';
    const r = await spawnCli(['calls', 'list', '--debug'], {
      sandbox,
      onSpawn: (child) => {
        child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
        interruptWhen(() => stderr.includes('* retry 1/3'))(child);
      },
    });
    expectFailure(r, 130);
    expect(r.stderr).toContain('retry 1/3 in 20000 ms (HTTP 429)');
    expect(sandbox.requests('GET', '/v1/calls')).toHaveLength(1);
  });
});

describe.skipIf(!SIGNALS_DELIVERED)('Ctrl-C during a POST', () => {
  it('campaigns create in flight: exit 130, says the outcome is unknown and how to check', async () => {
    sandbox.addFault({ method: 'POST', path: '/v1/campaigns', latencyMs: 20_000 });
    const r = await spawnCli(
      ['campaigns', 'create', '--file', join(ROOT, 'fixtures/campaigns/campaign.json'), '--yes'],
      {
        sandbox,
        onSpawn: interruptWhen(() => sandbox.requests('POST', '/v1/campaigns').length > 0),
      },
    );
    expectFailure(r, 130);
    expect(sandbox.requests('POST')).toHaveLength(1);
    expect(r.stderr).toContain('interrupted: POST /v1/campaigns was already sent: its outcome is unknown');
    expect(r.stderr).toContain('`voicectl campaigns list`');
  });
});

/**
 * Spawns the CLI with stdin left open, so a test can feed it part of a file and then press Ctrl-C once `ready`
 * holds; without `ready`, once the feed was consumed (a feed larger than a pipe holds proves the command is reading).
 */
function spawnWithOpenStdin(argv: string[], dir: string, feed: string, ready?: () => boolean): Promise<CliResult> {
  return spawnCli(argv, {
    configDir: join(dir, 'cfg'),
    sandbox,
    keepStdinOpen: true,
    onSpawn: (child) => {
      let consumed = false;
      child.stdin!.write(feed, () => (consumed = true));
      interruptWhen(ready ?? (() => consumed))(child);
    },
  });
}

describe.skipIf(!SIGNALS_DELIVERED)('Ctrl-C while reading a stdin that never ends', () => {
  it.each([
    [
      'campaigns create --contacts -',
      [
        'campaigns',
        'create',
        '--name',
        'n',
        '--agent',
        'agent_sales',
        '--from',
        '+390212345678',
        '--contacts',
        '-',
        '--yes',
      ],
    ],
    ['api POST --input -', ['api', 'POST', '/v1/campaigns', '--input', '-']],
    // profiles add --api-key-stdin is not here: it reads at most 4096 bytes, so a stdin that never ends stops it
    // with exit 2 by itself (test/config/api-key.test.ts).
  ])('%s: exit 130, nothing sent or stored', async (_name, argv) => {
    const dir = tempDir();
    const r = await spawnWithOpenStdin(argv, dir, `[${' '.repeat(1 << 20)}`);
    expectFailure(r, 130);
    expect(sandbox.requests()).toEqual([]);
    expect(existsSync(join(dir, 'cfg', 'profiles.json'))).toBe(false);
  });
});

describe.skipIf(!SIGNALS_DELIVERED)('Ctrl-C during contacts convert', () => {
  it('reading a stdin that never ends: exit 130, no --out file and no temporary file left', async () => {
    const dir = tempDir();
    const out = join(dir, 'contacts.json');
    const rows = Array.from({ length: 50 }, (_, i) => `+3933312${String(i).padStart(5, '0')},n${i}`).join('\n');
    const temp = () => readdirSync(dir).some((f) => f.endsWith('.tmp'));
    const r = await spawnWithOpenStdin(
      ['contacts', 'convert', '-', '--out', out],
      dir,
      `phone_number,name\n${rows}\n`,
      temp,
    );
    expectFailure(r, 130);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((f) => f !== 'cfg')).toEqual([]);
  });

  it('an existing --out file is left as it was', async () => {
    const dir = tempDir();
    const out = join(dir, 'contacts.json');
    writeFileSync(out, 'previous\n');
    const temp = () => readdirSync(dir).some((f) => f.endsWith('.tmp'));
    const r = await spawnWithOpenStdin(
      ['contacts', 'convert', '-', '--out', out, '--force'],
      dir,
      'phone_number\n+393331234567\n',
      temp,
    );
    expectFailure(r, 130);
    expect(
      readdirSync(dir)
        .filter((f) => f !== 'cfg')
        .sort(),
    ).toEqual(['contacts.json']);
    expect(readFileSync(out, 'utf8')).toBe('previous\n');
  });
});
