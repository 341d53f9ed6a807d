// Files named on the command line that are not regular files (a FIFO, <(...), /dev/stdin, /dev/zero) are read as
// streams that stop at the command's limit: tts create --file (MAX_FILE_BYTES, 160,000 bytes), campaigns create
// --file, api --input and -F @file (32 MiB, the limit of api's stdin too). Above it: exit 2, nothing sent.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cli, ROOT, tempDir, useSandbox } from '../helpers/cli.js';

const sandbox = useSandbox();
const TTS_MAX = 160_000;
const BODY_MAX = 32 * 1024 * 1024;

const writers: ChildProcess[] = [];
afterEach(() => {
  // Each writer leads its own process group: the shell and the `head | tr` it runs end together. A shell that has
  // ended waited for its pipeline: its group is gone, and its number may be another's.
  for (const w of writers.splice(0)) {
    if (w.exitCode !== null || w.signalCode !== null) continue;
    try {
      process.kill(-(w.pid as number));
    } catch {
      // Ended meanwhile.
    }
  }
});

/**
 * A shell that opens `fifo` for writing (it waits for a reader) and runs `script` with its output there: when the
 * reader hangs up, the next write ends it (SIGPIPE). A shell, not Node: it starts in a millisecond, not 40, and
 * streams its bytes without building them in memory. `args` are the script's $2, $3, ...
 */
function fifoWriter(fifo: string, script: string, ...args: string[]): void {
  writers.push(spawn('sh', ['-c', `exec >"$1"; ${script}`, 'sh', fifo, ...args], { stdio: 'ignore', detached: true }));
}

/**
 * A FIFO whose writer, another process, sends `prefix` then `fill` (one ASCII character) up to `size` bytes once a
 * reader opens it (and stops when the reader hangs up).
 */
function fifoWith(prefix: string, size = Buffer.byteLength(prefix), fill = ' '): string {
  const path = join(tempDir(), 'in.fifo');
  execFileSync('mkfifo', [path]);
  const rest = String(size - Buffer.byteLength(prefix));
  fifoWriter(path, `printf %s "$2"; head -c "$3" /dev/zero | tr '\\0' "$4"`, prefix, rest, fill);
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

describe('campaigns create --contacts: JSON contacts are read with the same bound', () => {
  const CREATE = ['campaigns', 'create', '--name', 'N', '--agent', 'agent_sales', '--from', '+390212345678', '--yes'];
  const contacts = '[{"phone_number":"+14155550100"}]';

  it('a regular .json file of 32 MiB + 1 byte: refused by its size, nothing sent', async () => {
    const file = join(tempDir(), 'big.json');
    // Sparse: its size says it all, and not a byte of it is read.
    writeFileSync(file, contacts);
    truncateSync(file, BODY_MAX + 1);
    const r = await cli([...CREATE, '--contacts', file], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: ${file} must be at most 32 MiB (it has ${BODY_MAX + 1} bytes)\n`);
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('a .json file of exactly 32 MiB is read and sent', async () => {
    const file = join(tempDir(), 'big.json');
    writeFileSync(file, contacts.padEnd(BODY_MAX));
    const r = await cli([...CREATE, '--contacts', file], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    expect(sandbox.requests('POST', '/v1/campaigns')[0].body).toMatchObject({
      contacts: [{ phone_number: '+14155550100' }],
    });
  });

  it('a FIFO named .json that never ends stops at the limit, nothing sent', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'in.json');
    execFileSync('mkfifo', [fifo]);
    fifoWriter(fifo, `printf '['; tr '\\0' ' ' </dev/zero`);
    const r = await cli([...CREATE, '--contacts', fifo], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: ${fifo} must be at most 32 MiB (it sent more than ${BODY_MAX} bytes)\n`);
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('JSON from a FIFO without an extension (told by its "["): the same bound', async () => {
    const fifo = fifoWith(contacts, BODY_MAX + 1);
    const r = await cli([...CREATE, '--contacts', fifo], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: ${fifo} must be at most 32 MiB (it sent more than ${BODY_MAX} bytes)\n`);
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('/dev/zero (no extension, not JSON) stops as a CSV whose first row never ends, nothing sent', async () => {
    const r = await cli([...CREATE, '--contacts', '/dev/zero'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'error: /dev/zero: not a readable CSV: the row at line 1 of the file is longer than 4194304 characters',
    );
    expect(sandbox.requests()).toHaveLength(0);
    const convert = await cli(['contacts', 'convert', '/dev/zero'], { key: null });
    expect(convert.code).toBe(2);
    expect(convert.stderr).toContain('the row at line 1 of the file is longer than 4194304 characters');
  });

  it('--contacts - with JSON of more than 32 MiB on stdin: exit 2, nothing sent', async () => {
    const r = await cli([...CREATE, '--contacts', '-'], { sandbox, stdin: contacts.padEnd(BODY_MAX + 1) });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: stdin must be at most 32 MiB (it sent more than ${BODY_MAX} bytes)\n`);
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('--contacts - with exactly 32 MiB of JSON is sent', async () => {
    const r = await cli([...CREATE, '--contacts', '-'], { sandbox, stdin: contacts.padEnd(BODY_MAX) });
    expect(r.code, r.stderr).toBe(0);
    expect(sandbox.requests('POST', '/v1/campaigns')).toHaveLength(1);
  });

  it('CSV on stdin is still streamed, not bounded: more than 32 MiB is read to its end', async () => {
    // Few, long rows (a 2 MB note each, under the 4 Mi row bound): the bytes are what count here, not the rows.
    // Quoted, as a note with a comma is: csv-parse reads a quoted cell's bytes in a third less time.
    const row = `+14155550100,"${'n'.repeat(2_000_000)}"\n`;
    const csv = `phone_number,note\n${row.repeat(17)}`;
    expect(csv.length).toBeGreaterThan(BODY_MAX);
    const r = await cli([...CREATE, '--contacts', '-', '--dedupe', '--dry-run'], { sandbox, stdin: csv });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('note: --dedupe dropped 16 contacts whose main number appeared earlier');
    expect(sandbox.requests()).toHaveLength(0);
  });
});
