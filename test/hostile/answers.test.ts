// What a misbehaving service answers, against the HTTP client and the error reports (found by the hostile-input
// exploration): a long Retry-After, a wait whose polls outlive --timeout, a compressed body nobody asked for, error
// objects without the response's status and requestId, error text of any length, a byte order mark, an empty body,
// headers too large. Waits run on a virtual clock: nothing here sleeps for real.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { whenAgain } from '../../src/api/client.js';
import { terminalSafe } from '../../src/io/safe.js';
import { tempDir, virtualClock } from '../helpers/cli.js';
import { expectFailure } from '../reliability/helpers.js';
import { json, page, useHostileServer } from './server.js';

const KEY = 'vk_live_3b5d7f9a1c2e4b6d8f0a';
const { server, run } = useHostileServer(KEY);
const gen = { id: 'g1', text: 'hi', status: 'completed', audioUrl: '/files/g1.wav', createdAt: '2026-01-01T00:00:00Z' };
const rateLimited = (retryAfter: string) => (_q: unknown, res: Parameters<typeof json>[0]) =>
  json(res, 429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': retryAfter });
const errorObject = (stderr: string) => JSON.parse(stderr.trim().split('\n').at(-1)!).error;
const hhmm = (t: number) => {
  const d = new Date(t);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

describe('Retry-After longer than the client waits', () => {
  it('999999 s: no retry, no wait; the error says when the service asks to be called again, exit 1', async () => {
    server.on('GET', '/v1/tts/g1', rateLimited('999999'));
    const clock = virtualClock();
    const r = await run(['tts', 'get', 'g1'], { clock, tty: true });
    expectFailure(r, 1);
    expect(server.requests).toHaveLength(1);
    expect(clock.waits).toEqual([]);
    expect(r.stderr).toMatch(/The service asks to be called again in 11 days \(on \d{4}-\d\d-\d\d at \d\d:\d\d\)\./);
    expect(r.stderr).toContain('Not retried: voicectl waits at most 20 s before a retry.');
    expect(r.stderr).not.toMatch(/wait a little|Gave up|retrying/);
  });

  it('an HTTP-date an hour ahead: the same, with the local time', async () => {
    const clock = virtualClock(Date.UTC(2026, 5, 1, 10, 0, 0));
    const at = clock.now() + 3_600_000;
    server.on('GET', '/v1/tts/g1', rateLimited(new Date(at).toUTCString()));
    const r = await run(['tts', 'get', 'g1', '--json'], { clock });
    expectFailure(r, 1);
    expect(server.requests).toHaveLength(1);
    expect(clock.waits).toEqual([]);
    expect(r.stderr).toContain(`The service asks to be called again at ${hhmm(at)} (in 1 h).`);
    expect(errorObject(r.stderr)).toMatchObject({ code: 'rate_limited', status: 429, exitCode: 1 });
  });

  it('20 s (the cap, last good value) is waited and retried; 21 s (first bad one) is not', async () => {
    let n = 0;
    server.on('GET', '/v1/tts/g1', (q, res) => (n++ === 0 ? rateLimited('20')(q, res) : json(res, 200, { data: gen })));
    const clock = virtualClock();
    const ok = await run(['tts', 'get', 'g1'], { clock });
    expect(ok.code, ok.stderr).toBe(0);
    expect(clock.waits).toEqual([20_000]);

    server.reset();
    server.on('GET', '/v1/tts/g1', rateLimited('21'));
    const clock2 = virtualClock();
    const bad = await run(['tts', 'get', 'g1'], { clock: clock2 });
    expectFailure(bad, 1);
    expect(clock2.waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
    expect(bad.stderr).toContain('The service asks to be called again in 21 s.');
  });

  it('a 503 with a long Retry-After exits 7, as every 503', async () => {
    server.on('GET', '/v1/tts/g1', (_q, res) =>
      json(res, 503, { error: { code: 'maintenance', message: 'down' } }, { 'retry-after': '3600' }),
    );
    const r = await run(['tts', 'get', 'g1'], { clock: virtualClock() });
    expectFailure(r, 7);
    expect(server.requests).toHaveLength(1);
    expect(r.stderr).toMatch(/asks to be called again at \d\d:\d\d( tomorrow)? \(in 1 h\)/);
  });
});

describe('a retry that waits is said', () => {
  const flaky = () => {
    let n = 0;
    server.on('GET', '/v1/tts/g1', (q, res) => (n++ === 0 ? rateLimited('8')(q, res) : json(res, 200, { data: gen })));
  };

  it('on a terminal: "rate limited (HTTP 429); retrying in 8 s (attempt 2 of 4)"', async () => {
    flaky();
    const r = await run(['tts', 'get', 'g1'], { clock: virtualClock(), tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('rate limited (HTTP 429); retrying in 8 s (attempt 2 of 4)');
  });

  it('with --debug when piped, and not at all piped without it', async () => {
    flaky();
    const debug = await run(['tts', 'get', 'g1', '--debug'], { clock: virtualClock() });
    expect(debug.stderr).toContain('rate limited (HTTP 429); retrying in 8 s (attempt 2 of 4)');
    server.reset();
    flaky();
    const quiet = await run(['tts', 'get', 'g1'], { clock: virtualClock() });
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stderr).toBe('');
  });

  it('not written across the spinner of a wait (the spinner has its own line for it)', async () => {
    let n = 0;
    server.on('GET', '/v1/tts/g1', (q, res) => (n++ === 0 ? rateLimited('8')(q, res) : json(res, 200, { data: gen })));
    const r = await run(['tts', 'wait', 'g1'], { clock: virtualClock(), tty: true, color: true });
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(r.stderr).not.toContain('rate limited (HTTP 429); retrying');
  });

  it('a backoff after a 502 too', async () => {
    let n = 0;
    server.on('GET', '/v1/tts/g1', (_q, res) =>
      n++ === 0 ? json(res, 502, { error: { message: 'bad gateway' } }) : json(res, 200, { data: gen }),
    );
    const r = await run(['tts', 'get', 'g1'], { clock: virtualClock(), tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/HTTP 502; retrying in \d+ ms \(attempt 2 of 4\)/);
  });
});

describe('tts wait --timeout is the whole wait', () => {
  it('a service that never answers: --timeout 0.3s ends after about 1 s (the shortest poll), not the 30 s request timeout', async () => {
    server.on('GET', '/v1/tts/g1', () => undefined);
    const started = Date.now();
    const r = await run(['tts', 'wait', 'g1', '--timeout', '0.3s']);
    expect(Date.now() - started).toBeLessThan(5_000);
    expectFailure(r, 6);
    expect(r.stderr).toContain('gave up after 0.3s');
    expect(r.stderr).toContain('timed out after 1 s, cut to end by the deadline');
    expect(JSON.parse(r.stdout)).toEqual({ id: 'g1', status: 'unknown' });
  });

  it("a 429's retries stay within --timeout (no 3 retries of 4 s inside a 5 s wait)", async () => {
    server.on('GET', '/v1/tts/g1', rateLimited('4'));
    const clock = virtualClock();
    const started = clock.now();
    const r = await run(['tts', 'wait', 'g1', '--timeout', '5s'], { clock });
    expectFailure(r, 6);
    expect(r.stderr).toContain('gave up after 5s');
    expect(clock.now() - started).toBeLessThanOrEqual(5_000);
  });
});

describe('compressed bodies', () => {
  it('every request asks for accept-encoding: identity', async () => {
    server.on('GET', '/v1/tts/g1', (_q, res) => json(res, 200, { data: gen }));
    const r = await run(['tts', 'get', 'g1']);
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests[0].headers['accept-encoding']).toBe('identity');
  });

  it('a gzip body all the same is said as such, never shown as binary noise', async () => {
    server.on('GET', '/v1/tts/g1', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(JSON.stringify({ data: gen })));
    });
    const r = await run(['tts', 'get', 'g1', '--json']);
    expectFailure(r, 1);
    expect(r.stderr).toContain(
      'the service answered with a compressed body (content-encoding: gzip), which voicectl did not ask for',
    );
    expect(r.stderr).not.toContain('\\x1f');
    expect(errorObject(r.stderr)).toMatchObject({ code: 'malformed_response', status: 200 });
  });

  it('an error status with a br body: the same, with the status', async () => {
    server.on('POST', '/v1/tts', (_q, res) => {
      res.writeHead(400, { 'content-type': 'application/json', 'content-encoding': 'br' });
      res.end(Buffer.from([0x1b, 0x0b, 0x00, 0xf8, 0xa5, 0x40]));
    });
    const r = await run(['tts', 'create', '--text', 'hi']);
    expectFailure(r, 1);
    expect(r.stderr).toContain('error: the service answered with a compressed body (content-encoding: br)');
    expect(r.stderr).toContain('status 400');
    expect(r.stderr).not.toContain('\\x1b');
  });
});

describe('the --json error object carries the response', () => {
  it('a 200 whose data does not match the schema: status 200 and its requestId', async () => {
    server.on('GET', '/v1/messages', (_q, res) =>
      json(res, 200, {
        data: [{ id: 42, channel: 'sms', createdAt: '2026-01-01T00:00:00Z' }],
        pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
        requestId: 'r',
      }),
    );
    const r = await run(['--json', 'messages', 'list']);
    expectFailure(r, 1);
    expect(r.stderr).toContain('requestId: r');
    expect(errorObject(r.stderr)).toMatchObject({ code: 'malformed_response', status: 200, requestId: 'r' });
  });

  it('a body that is not JSON: status and the x-request-id header', async () => {
    server.on('GET', '/v1/tts/g1', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_h' });
      res.end('nope');
    });
    const r = await run(['tts', 'get', 'g1', '--json']);
    expectFailure(r, 1);
    expect(errorObject(r.stderr)).toMatchObject({ status: 200, requestId: 'req_h' });
  });

  it('a page that repeats the one before stops --all with that page in the object', async () => {
    const m = { id: 'msg_1', channel: 'sms', createdAt: '2026-01-01T00:00:00Z' };
    server.on('GET', '/v1/messages', (q, res) => {
      const p = Number(new URL(q.url ?? '', 'http://x').searchParams.get('page'));
      json(res, 200, page([m], { page: p, totalPages: 3 }));
    });
    const r = await run(['messages', 'list', '--all', '--json']);
    expectFailure(r, 1);
    expect(r.stderr).toContain('repeats page 1');
    expect(errorObject(r.stderr)).toMatchObject({ status: 200, requestId: 'req_2' });
  });
});

describe('error text from the service is capped', () => {
  it('300,000-character code, message and requestId: 200 characters each, the length said', async () => {
    server.on('POST', '/v1/tts', (_q, res) =>
      json(res, 400, {
        error: {
          code: 'c'.repeat(300_000),
          message: 'm'.repeat(300_000),
          details: Array.from({ length: 100 }, () => ({ field: 'f'.repeat(300), message: 'd'.repeat(300) })),
        },
        requestId: 'r'.repeat(300_000),
      }),
    );
    const r = await run(['tts', 'create', '--text', 'hi', '--json']);
    expectFailure(r, 1);
    expect(r.stderr.length).toBeLessThan(16_000);
    expect(r.stderr).toContain(`error: ${'m'.repeat(200)}… (300,000 characters)`);
    expect(r.stderr).toContain(`code ${'c'.repeat(200)}… (300,000 characters)`);
    expect(r.stderr).toContain('and 80 more details');
    const o = errorObject(r.stderr);
    expect(o.requestId).toBe(`${'r'.repeat(200)}… (300,000 characters)`);
    expect(o.message).toBe(`${'m'.repeat(200)}… (300,000 characters)`);
  });

  it('200 characters (the last good length) are shown whole', async () => {
    server.on('POST', '/v1/tts', (_q, res) => json(res, 400, { error: { code: 'c', message: 'm'.repeat(200) } }));
    const r = await run(['tts', 'create', '--text', 'hi']);
    expect(r.stderr).toContain(`error: ${'m'.repeat(200)}\n`);
    expect(r.stderr).not.toContain('characters)');
  });

  it('an error given as a bare string ({"error": "..."}) the same', async () => {
    server.on('POST', '/v1/tts', (_q, res) => json(res, 400, { error: 'e'.repeat(5000) }));
    const r = await run(['tts', 'create', '--text', 'hi']);
    expectFailure(r, 1);
    expect(r.stderr).toContain(`error: ${'e'.repeat(200)}… (5,000 characters)\n`);
  });

  it('an audioUrl that is not a URL is quoted capped', async () => {
    server.on('GET', '/v1/tts/g1', (_q, res) =>
      json(res, 200, { data: { ...gen, audioUrl: `http://a b${'u'.repeat(5000)}` } }),
    );
    const out = tempDir('voicectl-answers-');
    const r = await run(['tts', 'download', 'g1', '--out', join(out, 'a.wav')]);
    expectFailure(r, 1);
    expect(r.stderr).toContain('… (5,010 characters)');
    expect(r.stderr.length).toBeLessThan(2000);
  });

  it('a plain-text error line the same (201: cut)', async () => {
    server.on('POST', '/v1/tts', (_q, res) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('x'.repeat(201));
    });
    const r = await run(['tts', 'create', '--text', 'hi']);
    expect(r.stderr).toContain(`error: ${'x'.repeat(200)}… (201 characters)`);
  });
});

describe('a byte order mark before JSON', () => {
  it('is accepted', async () => {
    server.on('GET', '/v1/tts/g1', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`\ufeff${JSON.stringify({ data: gen })}`);
    });
    const r = await run(['tts', 'get', 'g1', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 'g1', status: 'completed' });
  });

  it('is shown visibly where a body excerpt is printed', async () => {
    server.on('GET', '/v1/tts/g1', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('\ufeff\ufeff{"data":1}');
    });
    const r = await run(['tts', 'get', 'g1']);
    expectFailure(r, 1);
    expect(r.stderr).toContain('not JSON: \\ufeff{"data":1}');
    expect(terminalSafe('a\ufeffb')).toBe('a\\ufeffb');
  });
});

describe('minor', () => {
  it('an empty 204 where data is expected says "(empty body)"', async () => {
    server.on('GET', '/v1/tts/g1', (_q, res) => {
      res.writeHead(204);
      res.end();
    });
    const r = await run(['tts', 'get', 'g1']);
    expectFailure(r, 1);
    expect(r.stderr).toMatch(/received undefined\): \(empty body\)\n/);
  });

  it('headers over 16 KiB are said in words', async () => {
    server.on('GET', '/v1/tts/g1', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-big': 'a'.repeat(20_000) });
      res.end(JSON.stringify({ data: gen }));
    });
    const r = await run(['tts', 'get', 'g1']);
    expectFailure(r, 1);
    expect(r.stderr).toContain("the service's response headers are larger than 16 KiB");
  });
});

describe('whenAgain', () => {
  const now = new Date(2026, 0, 10, 10, 0, 0).getTime(); // local time
  it.each([
    [40_000, 'in 40 s'],
    [5 * 60_000, 'in 5 min (at 10:05)'],
    [2 * 3_600_000 + 10 * 60_000, 'at 12:10 (in 2 h 10 min)'],
    [15 * 3_600_000, 'at 01:00 tomorrow (in 15 h)'],
    [999_999_000, 'in 11 days (on 2026-01-21 at 23:46)'],
  ])('%d ms: %s', (ms, text) => {
    expect(whenAgain(ms, now)).toBe(text);
  });
});

describe("tts download without --out: the file name is the tool's choice", () => {
  /** Runs `argv` with the working directory a new empty folder; returns the folder and its files after. */
  async function inEmptyDir(argv: string[]) {
    const dir = tempDir();
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const r = await run(argv);
      return { r, dir, files: readdirSync(dir).sort() };
    } finally {
      process.chdir(cwd);
    }
  }
  const audio = (type: string) => (_q: unknown, res: Parameters<typeof json>[0]) => {
    res.writeHead(200, { 'content-type': type, 'content-length': '9' });
    res.end('RIFFaudio');
  };

  it('a link ending in .py is named from the id asked for and the audio type: conftest.wav, never conftest.py', async () => {
    server.on('GET', '/v1/tts/conftest', (_q, res) =>
      json(res, 200, { data: { ...gen, id: 'conftest', audioUrl: '/files/conftest.py' } }),
    );
    server.on('GET', '/files/conftest.py', audio('audio/wav'));
    const { r, files } = await inEmptyDir(['tts', 'download', 'conftest']);
    expect(r.code, r.stderr).toBe(0);
    expect(files).toEqual(['conftest.wav']);
  });

  it('a type that is not a known audio type gives .audio; dots and slashes of the id asked for become _', async () => {
    server.on('GET', '/v1/tts/a.b', (_q, res) => json(res, 200, { data: { ...gen, id: 'a.b', audioUrl: '/x.sh' } }));
    server.on('GET', '/x.sh', audio('application/octet-stream'));
    const { r, files } = await inEmptyDir(['tts', 'download', 'a.b']);
    expect(r.code, r.stderr).toBe(0);
    expect(files).toEqual(['a_b.audio']);
  });

  it('an answer for another id than the one asked for is refused, nothing downloaded or written', async () => {
    server.on('GET', '/v1/tts/g1', (_q, res) =>
      json(res, 200, { data: { ...gen, id: 'conftest', audioUrl: '/files/conftest.py' } }),
    );
    server.on('GET', '/files/conftest.py', audio('audio/wav'));
    const { r, files } = await inEmptyDir(['tts', 'download', 'g1']);
    expectFailure(r, 1);
    expect(r.stderr).toContain('asked for generation g1, the service answered with conftest');
    expect(files).toEqual([]);
    expect(server.requests.map((q) => q.url)).toEqual(['/v1/tts/g1']);
  });
});
