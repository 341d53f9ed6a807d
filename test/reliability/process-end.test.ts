// Every way a process ends, for real (bin/voicectl.js as a child process): SIGTERM and SIGHUP as Ctrl-C is, a
// stdout that is closed or full, a port in use. The process ends within seconds with the right code, says one
// line (or nothing, for a closed pipe), and leaves no temporary file behind.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { BIN, cli, cliEnv, type CliResult, spawnCli, startSandbox, tempDir } from '../helpers/cli.js';
import { expectFailure, expectNoCrash, until } from './helpers.js';
import { HAS_DEV_FULL, SIGNALS_DELIVERED } from '../helpers/capabilities.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
afterEach(() => {
  sandbox.clearFaults();
  sandbox.log.length = 0;
});

/** Sends `signal` once `ready` holds; records how long the process took to end after it. */
function signalWhen(signal: NodeJS.Signals, ready: () => boolean, timing: { ms?: number }) {
  return (child: ChildProcess) => {
    const kill = () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL');
    void until(ready, 15_000, `the moment to send ${signal}`).then(() => {
      const sent = Date.now();
      child.once('exit', () => (timing.ms = Date.now() - sent));
      child.kill(signal);
      setTimeout(kill, 10_000).unref();
    }, kill);
  };
}

const EXIT = { SIGTERM: 143, SIGHUP: 129 } as const;

describe.skipIf(!SIGNALS_DELIVERED).each(['SIGTERM', 'SIGHUP'] as const)('%s cleans up as Ctrl-C does', (signal) => {
  const rows = Array.from({ length: 50 }, (_, i) => `+3933312${String(i).padStart(5, '0')},n${i}`).join('\n');
  const feedAndSignal = (dir: string, argv: string[], ready: () => boolean, timing: { ms?: number }, env = {}) =>
    spawnCli(argv, {
      configDir: join(dir, 'cfg'),
      sandbox,
      keepStdinOpen: true,
      env,
      onSpawn: (child) => {
        child.stdin!.write(`phone_number,name\n${rows}\n`);
        signalWhen(signal, ready, timing)(child);
      },
    });

  it('contacts convert --out: no --out file, no temporary file beside it', async () => {
    const dir = tempDir();
    const out = join(dir, 'contacts.json');
    const timing: { ms?: number } = {};
    const temp = () => readdirSync(dir).some((f) => f.endsWith('.tmp'));
    const r = await feedAndSignal(dir, ['contacts', 'convert', '-', '--out', out], temp, timing);
    expectFailure(r, EXIT[signal]);
    expect(readdirSync(dir).filter((f) => f !== 'cfg')).toEqual([]);
    expect(timing.ms).toBeLessThan(5000);
  });

  it('contacts convert -: the copy of stdin for the second pass (in TMPDIR, mode 0600) is removed', async () => {
    const dir = tempDir();
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const timing: { ms?: number } = {};
    let mode = 0;
    const copy = () => {
      const f = readdirSync(tmp).find((n) => /^voicectl-csv-\d+-[0-9a-f]+\.tmp$/.test(n));
      if (f) mode = statSync(join(tmp, f)).mode & 0o777;
      return f !== undefined;
    };
    const r = await feedAndSignal(dir, ['contacts', 'convert', '-', '--out', join(dir, 'c.json')], copy, timing, {
      TMPDIR: tmp,
    });
    expectFailure(r, EXIT[signal]);
    expect(mode).toBe(0o600);
    expect(readdirSync(tmp).filter((n) => n !== 'node-compile-cache')).toEqual([]);
    expect(readdirSync(dir).filter((f) => f !== 'cfg' && f !== 'tmp')).toEqual([]);
  });

  it('contacts convert to stdout: its temporary file (in TMPDIR, mode 0600) is removed', async () => {
    const dir = tempDir();
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const timing: { ms?: number } = {};
    let mode = 0;
    const temp = () => {
      const f = readdirSync(tmp).find((n) => /^voicectl-contacts-\d+-[0-9a-f]+\.tmp$/.test(n));
      if (f) mode = statSync(join(tmp, f)).mode & 0o777;
      return f !== undefined;
    };
    const r = await feedAndSignal(dir, ['contacts', 'convert', '-'], temp, timing, { TMPDIR: tmp });
    expectFailure(r, EXIT[signal]);
    expect(r.stdout).toBe('');
    expect(mode).toBe(0o600);
    // Node's own compile cache (Node 22.8+, bin/voicectl.js) lives in TMPDIR too: a cache kept on purpose, not a
    // temporary file of the command.
    expect(readdirSync(tmp).filter((n) => n !== 'node-compile-cache')).toEqual([]);
    expect(timing.ms).toBeLessThan(5000);
  });

  it('tts download: the .part of a transfer in progress is removed', async () => {
    const dir = tempDir();
    const created = await cli(['tts', 'create', '-q', '--text', 'Download me'], { sandbox });
    const id = created.stdout.trim();
    // Half the audio, then nothing: the download stays in progress until the signal.
    sandbox.addFault({ method: 'GET', path: '/files/audio', kind: 'stall' });
    const timing: { ms?: number } = {};
    const part = () => readdirSync(dir).some((f) => f.endsWith('.part'));
    const r = await spawnCli(['tts', 'download', id, '--out', join(dir, 'a.wav')], {
      sandbox,
      onSpawn: signalWhen(signal, part, timing),
    });
    expectFailure(r, EXIT[signal]);
    expect(readdirSync(dir)).toEqual([]);
    expect(timing.ms).toBeLessThan(5000);
  });
});

/** Runs bin/voicectl.js with stdout on `stdout` (a file descriptor, or a pipe the test closes). */
function runWithStdout(argv: string[], stdout: number | 'closed' | 'head'): Promise<CliResult & { ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      env: cliEnv({ sandbox }) as NodeJS.ProcessEnv,
      stdio: ['ignore', typeof stdout === 'number' ? stdout : 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    if (stdout === 'closed') child.stdout!.destroy();
    if (stdout === 'head') {
      // `| head -1`: read the first line, then close the pipe.
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('\n')) child.stdout!.destroy();
      });
    }
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 128, stdout: out, stderr: err, ms: Date.now() - started }));
  });
}

describe('writing the output fails', () => {
  it.skipIf(!HAS_DEV_FULL)('> /dev/full (ENOSPC): one error line, exit 1, no stack trace', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = await runWithStdout(['--sandbox', 'voices', 'list'], full);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^error: could not write the output: ENOSPC: no space left on device/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expectNoCrash(r);
    } finally {
      closeSync(full);
    }
  });

  it.each([
    ['| head -1', ['messages', 'list', '--all', '--limit', '100'], 'head'],
    ['-q | true (closed before anything is written)', ['--sandbox', 'voices', 'list', '-q'], 'closed'],
    ['a long list | head -1', ['messages', 'list', '--all', '-o', 'ndjson', '--limit', '5'], 'head'],
  ] as const)('%s: a quiet exit 0, within seconds', async (_name, argv, how) => {
    const r = await runWithStdout([...argv], how);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.ms).toBeLessThan(10_000);
  });
});

describe('voicectl sandbox cannot listen', () => {
  it('a port in use: one line naming the port and --port 0, exit 1, no "bug"', async () => {
    const port = new URL(sandbox.url).port;
    const r = await cli(['sandbox', '--port', port]);
    expectFailure(r, 1);
    expect(r.stderr).toBe(
      `error: cannot listen on 127.0.0.1:${port}: the port is in use (another voicectl sandbox?)\n  Pick another with --port <n>, or --port 0 for a free one.\n`,
    );
  });

  it('a host that does not resolve: one line, exit 1', async () => {
    const r = await cli(['sandbox', '--port', '0', '--host', 'no-such-host.invalid']);
    expectFailure(r, 1);
    expect(r.stderr).toMatch(
      /^error: cannot listen on no-such-host\.invalid:0: no-such-host\.invalid is not an address of this machine\n/,
    );
  });
});

describe('the copy of stdin a CSV is read from twice', () => {
  it.each([
    ['converted', 'phone_number,name\n+39 333 1234567,Ada\n', 0],
    ['refused (a row error)', 'phone_number,name\n12,Ada\n', 2],
    ['refused (the delimiter flag names no column)', 'phone_number,name\n+39 333 1234567,Ada\n', 2],
  ])('is removed when the conversion is %s', async (_what, csv, code) => {
    const dir = tempDir();
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const extra = code === 2 && csv.includes('Ada\n') && !csv.includes('12,') ? ['--phone-column', 'nope'] : [];
    const r = await spawnCli(['contacts', 'convert', '-', '--default-country', 'IT', ...extra], {
      configDir: join(dir, 'cfg'),
      stdin: csv,
      env: { TMPDIR: tmp },
    });
    expect(r.code, r.stderr).toBe(code);
    expect(readdirSync(tmp).filter((n) => n !== 'node-compile-cache')).toEqual([]);
  });
});
