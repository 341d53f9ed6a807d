// The output fails after the service did something (`> /dev/full` after a POST): the error says what was created,
// with its id and requestId, so that a script does not run the command again and create, send or charge twice.
// bin/voicectl.js for real, its stdout on /dev/full, against a sandbox on loopback.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../src/sandbox/http.js';
import { Sandbox } from '../../src/sandbox/server.js';
import { Writable } from 'node:stream';
import { outputErrorText, run } from '../../src/cli.js';
import { testStreams } from '../../src/io/streams.js';
import { BIN, cliEnv, type CliResult, ROOT } from '../helpers/cli.js';
import { expectNoCrash } from './helpers.js';
import { HAS_DEV_FULL } from '../helpers/capabilities.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = new Sandbox({
    settings: { ttsQueueMs: 0, ttsProcessMs: 0 },
    // An answer of the service's choosing, for `voicectl api`: an id with an escape sequence in it.
    routes: [{ method: 'POST', pattern: '/v1/_test/items', handle: (ctx) => ok(ctx.body, 201) }],
  });
  await sandbox.listen(0, '127.0.0.1');
});
afterAll(() => sandbox.close());
afterEach(() => {
  sandbox.log.length = 0;
});

/** bin/voicectl.js with its stdout on /dev/full. */
function toDevFull(argv: string[]): Promise<CliResult> {
  const full = openSync('/dev/full', 'w');
  return new Promise<CliResult>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      env: cliEnv({ sandbox }) as NodeJS.ProcessEnv,
      stdio: ['ignore', full, 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 128, stdout: '', stderr }));
  }).finally(() => closeSync(full));
}

const ERROR_LINE = /^error: could not write the output: ENOSPC: no space left on device, write$/;

/** The requestId the sandbox answered the last POST with is not in its log: read it from the note instead. */
const REQUEST_ID = /requestId (req_[0-9a-f]+)/;

describe.skipIf(!HAS_DEV_FULL)(
  'stdout fails after a request that created something: the error says what exists',
  () => {
    it('tts create -q > /dev/full: the id the sandbox holds, its requestId, how to see it, exit 1', async () => {
      const before = new Set(sandbox.state.generations.map((g) => g.id));
      const r = await toDevFull(['tts', 'create', '--text', 'hi', '-q']);
      expect(r.code).toBe(1);
      expectNoCrash(r);
      const created = sandbox.state.generations.filter((g) => !before.has(g.id));
      expect(created).toHaveLength(1);
      const id = created[0].id;
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines[0]).toMatch(ERROR_LINE);
      expect(lines[1]).toMatch(
        new RegExp(
          `^note: the request succeeded before that: POST /v1/tts created ${id} \\(HTTP 201, requestId req_\\w+\\)\\.$`,
        ),
      );
      expect(lines[2]).toBe(
        `  Running the command again would create another one; see it with \`voicectl tts get ${id}\`.`,
      );
      expect(lines).toHaveLength(3);
    });

    it('campaigns create --yes -q > /dev/full: the campaign id, campaigns show, exit 1', async () => {
      const before = new Set(sandbox.state.campaigns.map((c) => c.id));
      const r = await toDevFull([
        'campaigns',
        'create',
        '--name',
        'Nightly',
        '--agent',
        'agent_sales',
        '--from',
        '+390212345678',
        '--contacts',
        join(ROOT, 'fixtures/campaigns/leads.csv'),
        '--default-country',
        'IT',
        '--yes',
        '-q',
      ]);
      expect(r.code).toBe(1);
      expectNoCrash(r);
      const created = sandbox.state.campaigns.filter((c) => !before.has(c.id));
      expect(created).toHaveLength(1);
      const id = created[0].id;
      expect(r.stderr).toContain(`note: the request succeeded before that: POST /v1/campaigns created ${id} (HTTP 201`);
      expect(r.stderr).toContain(
        `Running the command again would create another one; see it with \`voicectl campaigns show ${id}\`.`,
      );
      expect(r.stderr).toMatch(REQUEST_ID);
    });

    it('--json: the error object carries the effect (method, path, status, id, requestId)', async () => {
      const before = new Set(sandbox.state.generations.map((g) => g.id));
      const r = await toDevFull(['tts', 'create', '--text', 'hi', '--json']);
      expect(r.code).toBe(1);
      const id = sandbox.state.generations.find((g) => !before.has(g.id))?.id;
      expect(id).toBeDefined();
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines[0]).toMatch(ERROR_LINE);
      const requestId = REQUEST_ID.exec(r.stderr)?.[1];
      expect(JSON.parse(lines.at(-1)!)).toEqual({
        error: {
          code: 'file_error',
          message: 'could not write the output: ENOSPC: no space left on device, write',
          status: null,
          requestId: null,
          exitCode: 1,
          effect: { method: 'POST', path: '/v1/tts', status: 201, id, requestId },
        },
      });
    });

    it('an id from the service reaches the terminal only made safe', async () => {
      const r = await toDevFull(['api', 'POST', '/v1/_test/items', '-f', 'id=x\x1b[2J\u202ey']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('POST /v1/_test/items created x\\x1b[2J\\u202ey (HTTP 201');
      expect(r.stderr).toContain('Running the command again would create another one.');
      expect(r.stderr).not.toMatch(/[\x1b\u202e]/);
    });

    it('a GET that succeeded (tts list > /dev/full) changed nothing: no note, one line', async () => {
      const r = await toDevFull(['tts', 'list']);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^error: could not write the output: ENOSPC: no space left on device, write\n$/);
    });

    it('with --json after a GET: the error object has no effect', async () => {
      const r = await toDevFull(['tts', 'list', '--json']);
      expect(r.code).toBe(1);
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(2);
      expect(JSON.parse(lines[1]).error).not.toHaveProperty('effect');
    });
  },
);

describe('in process: a write that fails in the command itself (run() reports it)', () => {
  /** run() with a stdout whose every write fails as a full disk does. */
  async function withFullStdout(argv: string[]): Promise<{ code: number; stderr: string }> {
    const io = testStreams();
    io.out = new Writable({
      write(_chunk, _enc, done) {
        done();
      },
    });
    io.out.write = () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
    };
    const code = await run(argv, { io, env: cliEnv({ sandbox }) });
    return { code, stderr: io.stderr() };
  }

  it('after a POST: the file error, then the note with the id; --json carries it', async () => {
    const before = new Set(sandbox.state.generations.map((g) => g.id));
    const r = await withFullStdout(['tts', 'create', '--text', 'hi', '-q', '--json']);
    expect(r.code).toBe(1);
    const id = sandbox.state.generations.find((g) => !before.has(g.id))?.id;
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('error: could not write: no space left on device (ENOSPC)');
    expect(r.stderr).toContain(`note: the request succeeded before that: POST /v1/tts created ${id} (HTTP 201`);
    expect(JSON.parse(lines.at(-1)!).error).toMatchObject({
      code: 'file_error',
      effect: { method: 'POST', path: '/v1/tts', status: 201, id },
    });
  });

  it('after a GET only: no note', async () => {
    const r = await withFullStdout(['tts', 'list', '-q']);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain('note:');
  });
});

describe('outputErrorText (what bin/voicectl.js prints when stdout fails)', () => {
  const err = Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });

  it('nothing changed: the one line, and with --json the object without effect', () => {
    expect(outputErrorText(err, ['tts', 'list'], {})).toBe(
      'error: could not write the output: EIO: i/o error, write\n',
    );
    const json = outputErrorText(err, ['tts', 'list', '-o', 'json'], {}).split('\n');
    expect(JSON.parse(json[1]).error).toEqual({
      code: 'file_error',
      message: 'could not write the output: EIO: i/o error, write',
      status: null,
      requestId: null,
      exitCode: 1,
    });
  });

  it('a start (POST to an existing campaign) is not "created": it would be repeated', () => {
    const text = outputErrorText(err, [], {
      invocation: 'voicectl --profile work',
      last: { method: 'POST', path: '/v1/campaigns/cmp_1/start', status: 200, id: 'cmp_1', requestId: 'req_9' },
    });
    expect(text).toContain(
      'note: the request succeeded before that: POST /v1/campaigns/cmp_1/start answered 200 for cmp_1 (requestId req_9).\n  Running the command again would repeat it; see it with `voicectl --profile work campaigns show cmp_1`.\n',
    );
  });

  it('an id that is not a plain word is shell-quoted in the command to paste', () => {
    const text = outputErrorText(err, [], {
      last: { method: 'POST', path: '/v1/tts', status: 201, id: "a b'c" },
    });
    expect(text).toContain("see it with `voicectl tts get 'a b'\\''c'`");
  });
});
