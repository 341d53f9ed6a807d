// The commands printed to resume or check after an interrupt keep what the user typed: the service (--sandbox,
// --profile) and the flags that change what the command does (--out, --force). Each is pasted into `sh -c`, with
// `voicectl` this build, and must do what it says: write the same file, list the same account.
import { execFile } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import {
  BIN,
  cli,
  cliEnv,
  type CliOptions,
  KEYS,
  ROOT,
  startSandbox,
  stopSandboxService,
  tempDir,
} from '../helpers/cli.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
const sandboxDirs: string[] = [];
afterAll(async () => {
  await sandbox.close();
  await Promise.all(sandboxDirs.map((d) => stopSandboxService(d)));
});

/** The command a hint prints (from `voicectl` to the end of its line, without a closing backquote). */
function hinted(stderr: string, label: string): string {
  const line = stderr.split('\n').find((l) => l.includes(label));
  expect(line, stderr).toBeDefined();
  return line!.slice(line!.indexOf('voicectl')).replace(/`.*$/, '');
}

/** Runs a hinted command as pasted into a POSIX shell, `voicectl` being this build. */
function paste(command: string, opts: CliOptions): Promise<{ code: number; stdout: string; stderr: string }> {
  const script = `voicectl() { "${process.execPath}" "${BIN}" "$@"; }; ${command}`;
  return new Promise((resolve) => {
    execFile('sh', ['-c', script], { env: cliEnv(opts) as NodeJS.ProcessEnv }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('resume hints keep the flags given', () => {
  it('--sandbox tts create --wait --out stopped while waiting: resumed by `tts download --wait --out --force`, which writes the file', async () => {
    const configDir = tempDir();
    sandboxDirs.push(configDir);
    const opts: CliOptions = { configDir, key: null, env: { VOICECTL_POLL_INTERVAL_MS: '50' } };
    const out = join(tempDir(), 'big file.wav');
    const ctrl = new AbortController();
    // Stopped at the first wait between polls (the background sandbox keeps a generation queued for a second).
    const sleep = (_ms: number, signal?: AbortSignal) => {
      ctrl.abort();
      return Promise.reject(signal?.reason ?? new Error('aborted'));
    };
    const r = await cli(['--sandbox', 'tts', 'create', '--text', 'Hello', '--wait', '--out', out, '--force'], {
      ...opts,
      signal: ctrl.signal,
      clock: { now: Date.now, sleep },
    });
    expect(r.code, r.stderr).toBe(130);
    const id = /^(tts_\w+) queued/m.exec(r.stderr)?.[1];
    expect(id, r.stderr).toBeDefined();
    const resume = hinted(r.stderr, 'Resume with:');
    expect(resume).toBe(`voicectl --sandbox tts download ${id} --wait --out '${out}' --force`);
    expect(existsSync(out)).toBe(false);

    const pasted = await paste(resume, opts);
    expect(pasted.code, pasted.stderr).toBe(0);
    expect(readFileSync(out).subarray(0, 4).toString()).toBe('RIFF');
  }, 30_000);

  it('tts download --out stopped during the transfer: `Download again with` keeps --out, and pasted writes that file', async () => {
    Object.assign(sandbox.settings, { ttsQueueMs: 0, ttsProcessMs: 0 });
    const opts: CliOptions = { sandbox };
    const id = (await cli(['tts', 'create', '-q', '--text', 'Hello'], opts)).stdout.trim();
    const dir = tempDir();
    const out = join(dir, 'a.wav');
    sandbox.log.length = 0;
    sandbox.addFault({ method: 'GET', path: '/files/audio/', kind: 'stall' });
    const ctrl = new AbortController();
    void until(() => sandbox.requests('GET', '/files/audio/').length === 1).then(() => ctrl.abort());
    let r;
    try {
      r = await cli(['tts', 'download', id, '--out', out], { ...opts, signal: ctrl.signal });
    } finally {
      sandbox.clearFaults();
    }
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toContain(`download of ${id} stopped; nothing was kept`);
    const again = hinted(r.stderr, 'Download again with:');
    expect(again).toBe(`voicectl tts download ${id} --out ${out}`);
    expect(readdirSync(dir)).toEqual([]);

    const pasted = await paste(again, opts);
    expect(pasted.code, pasted.stderr).toBe(0);
    expect(readdirSync(dir)).toEqual(['a.wav']);
    expect(readFileSync(out).subarray(0, 4).toString()).toBe('RIFF');
  });

  it('tts download --wait --out --force stopped while waiting: resumed with the same --out and --force', async () => {
    Object.assign(sandbox.settings, { ttsQueueMs: 0, ttsProcessMs: 600_000 });
    const opts: CliOptions = { sandbox };
    const id = (await cli(['tts', 'create', '-q', '--text', 'Hello'], opts)).stdout.trim();
    const out = join(tempDir(), 'x.wav');
    const ctrl = new AbortController();
    const sleep = (_ms: number, signal?: AbortSignal) => {
      ctrl.abort();
      return Promise.reject(signal?.reason ?? new Error('aborted'));
    };
    const r = await cli(['tts', 'download', id, '--wait', '--out', out, '--force'], {
      ...opts,
      signal: ctrl.signal,
      clock: { now: Date.now, sleep },
    });
    expect(r.code, r.stderr).toBe(130);
    expect(hinted(r.stderr, 'Resume with:')).toBe(`voicectl tts download ${id} --wait --out ${out} --force`);
  });

  it('tts download --out of a generation not ready: "Wait for it" keeps --out', async () => {
    Object.assign(sandbox.settings, { ttsQueueMs: 0, ttsProcessMs: 600_000 });
    const id = (await cli(['tts', 'create', '-q', '--text', 'Hello'], { sandbox })).stdout.trim();
    const r = await cli(['tts', 'download', id, '--out', 'my audio.wav'], { sandbox });
    expect(r.code, r.stderr).toBe(1);
    expect(hinted(r.stderr, 'Wait for it and download in one go:')).toBe(
      `voicectl tts download ${id} --wait --out 'my audio.wav'`,
    );
  });

  it('campaigns create --yes stopped during the POST: "Check with" names the same service (--profile), and pasted it lists there', async () => {
    const configDir = tempDir();
    const add = await cli(['profiles', 'add', 'staging', '--base-url', sandbox.url, '--api-key-stdin'], {
      configDir,
      key: null,
      stdin: KEYS.acme,
    });
    expect(add.code, add.stderr).toBe(0);
    // No VOICECTL_BASE_URL nor key in the environment: without --profile, the pasted list could not reach it.
    const opts: CliOptions = { configDir, key: null };
    sandbox.log.length = 0;
    sandbox.addFault({ method: 'POST', path: '/v1/campaigns', kind: 'hang' });
    const ctrl = new AbortController();
    void until(() => sandbox.requests('POST', '/v1/campaigns').length === 1).then(() => ctrl.abort());
    let r;
    try {
      r = await cli(
        [
          '--profile',
          'staging',
          'campaigns',
          'create',
          '--file',
          join(ROOT, 'fixtures/campaigns/campaign.json'),
          '--yes',
        ],
        { ...opts, signal: ctrl.signal },
      );
    } finally {
      sandbox.clearFaults();
    }
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toContain('its outcome is unknown');
    const check = hinted(r.stderr, 'Check with');
    expect(check).toBe('voicectl --profile staging campaigns list');
    const pasted = await paste(check, opts);
    expect(pasted.code, pasted.stderr).toBe(0);
    expect(sandbox.requests('GET', '/v1/campaigns').length).toBeGreaterThan(0);
  });
});

describe('campaigns create stopped before anything was sent', () => {
  it('while reading --contacts: "interrupted: nothing was sent", and no request', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'big.csv');
    await new Promise<void>((resolve, reject) => execFile('mkfifo', [fifo], (err) => (err ? reject(err) : resolve())));
    const ctrl = new AbortController();
    // The writer opens when the command opens the file to read it: a header and a row, then it stalls.
    const writer = createWriteStream(fifo);
    writer.on('open', () => {
      writer.write('phone,name\n+390212345678,Ada\n', () => ctrl.abort());
    });
    sandbox.log.length = 0;
    const base = ['campaigns', 'create', '--name', 'Big', '--agent', 'agent_sales', '--from', '+390212345678'];
    const r = await cli([...base, '--contacts', fifo, '--default-country', 'IT', '--yes'], {
      sandbox,
      signal: ctrl.signal,
    });
    writer.destroy();
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr.trim()).toBe('interrupted: nothing was sent');
    expect(sandbox.requests()).toEqual([]);
  });
});
