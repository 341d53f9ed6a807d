// Files named on the command line that are not regular files (a FIFO, <(...), /dev/stdin, /dev/zero) are read as
// streams that stop at the command's limit: tts create --file (MAX_FILE_BYTES, 160,000 bytes), campaigns create
// --file, api --input and -F @file (32 MiB, the limit of api's stdin too). Above it: exit 2, nothing sent.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cli, ROOT, tempDir, useSandbox } from '../helpers/cli.js';

const sandbox = useSandbox();
const TTS_MAX = 160_000;
const BODY_MAX = 32 * 1024 * 1024;

const writers: ChildProcess[] = [];
afterEach(() => {
  for (const w of writers.splice(0)) w.kill();
});

/**
 * A FIFO whose writer, another process, sends `prefix` then `fill` up to `size` bytes once a reader opens it
 * (and stops when the reader hangs up).
 */
function fifoWith(prefix: string, size = Buffer.byteLength(prefix), fill = ' '): string {
  const path = join(tempDir(), 'in.fifo');
  execFileSync('mkfifo', [path]);
  const script = `const [p, s, n, f] = process.argv.slice(1); const b = Buffer.alloc(Number(n), f); b.write(s);
    try { require('node:fs').writeFileSync(p, b); } catch {}`;
  writers.push(spawn(process.execPath, ['-e', script, path, prefix, String(size), fill], { stdio: 'ignore' }));
  return path;
}

describe('tts create --file from a FIFO', () => {
  it('more than 160,000 bytes: exit 2, the limit named, nothing sent', async () => {
    const fifo = fifoWith('', TTS_MAX + 1, 'a');
    const r = await cli(['tts', 'create', '--file', fifo], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--file: must be at most 10,000 characters (${fifo} sent more than ${TTS_MAX} bytes)`);
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('exactly 160,000 bytes is read whole: the characters give the error', async () => {
    const fifo = fifoWith('', TTS_MAX, 'a');
    const r = await cli(['tts', 'create', '--file', fifo], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/at most 10,000 characters/);
    expect(r.stderr).not.toMatch(/bytes\)/);
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('a short text from a FIFO is sent', async () => {
    const r = await cli(['tts', 'create', '--file', fifoWith('From a pipe\n')], { sandbox });
    expect(r.code).toBe(0);
    expect(sandbox.requests('POST', '/v1/tts')[0].body).toMatchObject({ text: 'From a pipe' });
  });

  it('/dev/zero stops at the limit', async () => {
    const r = await cli(['tts', 'create', '--file', '/dev/zero', '--dry-run'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`(/dev/zero sent more than ${TTS_MAX} bytes)`);
  });
});

describe('campaigns create --file from a FIFO', () => {
  const body = readFileSync(join(ROOT, 'fixtures/campaigns/campaign.json'), 'utf8');

  it('more than 32 MiB: exit 2, nothing sent', async () => {
    const fifo = fifoWith(body, BODY_MAX + 1);
    const r = await cli(['campaigns', 'create', '--file', fifo, '--yes'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--file: ${fifo} must be at most 32 MiB (it sent more than ${BODY_MAX} bytes)`);
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('exactly 32 MiB is read', async () => {
    const fifo = fifoWith(body, BODY_MAX);
    const r = await cli(['campaigns', 'create', '--file', fifo, '--dry-run'], { sandbox });
    expect(r.stderr).not.toMatch(/32 MiB/);
    expect(r.code).toBe(0);
  });
});

describe('api --input and -F @file from a FIFO', () => {
  const json = '{"text":"Hello"}';

  it('--input of more than 32 MiB: exit 2, nothing sent', async () => {
    const fifo = fifoWith(json, BODY_MAX + 1);
    const r = await cli(['api', 'POST', '/v1/tts', '--input', fifo], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--input ${fifo} must be at most 32 MiB (it sent more than ${BODY_MAX} bytes)`);
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('--input of exactly 32 MiB is sent', async () => {
    const r = await cli(['api', 'POST', '/v1/tts', '--input', fifoWith(json, BODY_MAX)], { sandbox });
    expect(r.code).toBe(0);
    expect(sandbox.requests('POST', '/v1/tts')[0].body).toEqual({ text: 'Hello' });
  });

  it('--input - (stdin) of more than 32 MiB: exit 2, nothing sent', async () => {
    const r = await cli(['api', 'POST', '/v1/tts', '--input', '-'], { sandbox, stdin: json.padEnd(BODY_MAX + 1) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`stdin must be at most 32 MiB (it sent more than ${BODY_MAX} bytes)`);
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('-F key=@/dev/zero stops at the limit, nothing sent', async () => {
    const r = await cli(['api', 'POST', '/v1/tts', '-F', 'text=@/dev/zero'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`-F @/dev/zero must be at most 32 MiB (it sent more than ${BODY_MAX} bytes)`);
    expect(sandbox.requests()).toHaveLength(0);
  });
});
