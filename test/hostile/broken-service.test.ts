// A service that is broken (a login redirect, a 5xx page, a 429, a storage link answering with an error page, a 2xx
// without the documented body) is never read as a success, and a success that the reference leaves unshown is never
// read as a failure. Found by the hostile-input exploration.
import type { ServerResponse } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli, tempDir, virtualClock } from '../helpers/cli.js';
import { until } from '../reliability/helpers.js';
import { json, page, useHostileServer } from './server.js';
import { SIGNALS_DELIVERED } from '../helpers/capabilities.js';

const KEY = 'sk_live_4f9c2a7e1b3d8e6f0a5c';
const { server, run } = useHostileServer(KEY);

const READS = ['/v1/tts', '/v1/campaigns', '/v1/messages'];
const WRITES = ['/v1/tts', '/v1/campaigns', '/v1/messages/sms'];
const SCOPES = ['tts:read', 'tts:write', 'campaigns:read', 'campaigns:write', 'messages:read', 'messages:write'];

function everywhere(answer: (res: ServerResponse) => void): void {
  for (const p of new Set([...READS, ...WRITES])) server.on('*', p, (_q, res) => answer(res));
}

/** A service that works: reads answer a page, write probes a validation error, SMS sending its announced 503. */
function healthy(): void {
  for (const p of READS) server.on('GET', p, (_q, res) => json(res, 200, page([], { page: 1, totalPages: 1 })));
  server.on('POST', '/v1/tts', (_q, res) => json(res, 400, { error: { code: 'validation_error', message: 'text' } }));
  server.on('POST', '/v1/campaigns', (_q, res) => json(res, 422, { error: { code: 'validation_error' } }));
  server.on('POST', '/v1/messages/sms', (_q, res) => json(res, 503, { error: { code: 'not_implemented' } }));
}

describe('auth status against a broken service', () => {
  it.each([
    ['a login redirect', (res: ServerResponse) => res.writeHead(302, { location: 'https://login.example/' }).end()],
    [
      'a 500 HTML page',
      (res: ServerResponse) => res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>oops</h1>'),
    ],
    ['a 502', (res: ServerResponse) => res.writeHead(502).end()],
    ['a 503', (res: ServerResponse) => json(res, 503, { error: { code: 'down' } })],
    ['a 429', (res: ServerResponse) => json(res, 429, { error: { code: 'rate_limited' } })],
  ])('%s: every scope unknown (null), exit 7, saying why', async (_name, answer) => {
    everywhere(answer);
    const r = await run(['auth', 'status', '--json'], { clock: virtualClock() });
    expect(r.code).toBe(7);
    expect(JSON.parse(r.stdout).scopes).toEqual(Object.fromEntries(SCOPES.map((s) => [s, null])));
    expect(r.stderr).toMatch(/could not tell whether the key has the scopes tts:read \(GET \/v1\/tts: HTTP \d{3}\)/);
    expect(JSON.parse(r.stderr.trim().split('\n').at(-1)!).error).toMatchObject({
      code: 'scopes_unknown',
      exitCode: 7,
    });
  });

  it('a working service: reads 2xx, write probes 400/422, SMS its 503: every scope yes, exit 0', async () => {
    healthy();
    const r = await run(['auth', 'status', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).scopes).toEqual(Object.fromEntries(SCOPES.map((s) => [s, true])));
  });

  it('a 2xx to an empty write probe, a 404 and a 200 that is not JSON are unknown, a 403 is no', async () => {
    healthy();
    server.on('POST', '/v1/tts', (_q, res) => json(res, 201, { data: { id: 'g1' } }));
    server.on('POST', '/v1/campaigns', (_q, res) => json(res, 403, { error: { code: 'forbidden' } }));
    server.on('GET', '/v1/campaigns', (_q, res) => json(res, 404, { error: { code: 'not_found' } }));
    server.on('GET', '/v1/messages', (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
    });
    const r = await run(['auth', 'status', '--json']);
    expect(r.code).toBe(7);
    expect(JSON.parse(r.stdout).scopes).toEqual({
      'tts:read': true,
      'tts:write': null,
      'campaigns:read': null,
      'campaigns:write': false,
      'messages:read': null,
      // SMS's 503 counts only because a read probe showed the service up.
      'messages:write': true,
    });
    expect(r.stderr).toContain('tts:write (POST /v1/tts: a 2xx to an empty request)');
    expect(r.stderr).toContain('campaigns:read (GET /v1/campaigns: HTTP 404)');
    expect(r.stderr).toContain('messages:read (GET /v1/messages: a 2xx that is not JSON)');
  });

  it("SMS's 503 is unknown when no read probe shows the service up", async () => {
    healthy();
    for (const p of READS) server.on('GET', p, (_q, res) => json(res, 503, {}));
    const r = await run(['auth', 'status', '--json'], { clock: virtualClock() });
    expect(r.code).toBe(7);
    expect(JSON.parse(r.stdout).scopes['messages:write']).toBeNull();
  });

  it('the table shows unknown and why', async () => {
    healthy();
    server.on('GET', '/v1/tts', (_q, res) => {
      res.writeHead(302, { location: 'https://login.example/' }).end();
    });
    const r = await run(['auth', 'status'], { tty: true, clock: virtualClock() });
    expect(r.code).toBe(7);
    expect(r.stdout).toMatch(/^tts:read\s+unknown \(HTTP 302\)$/m);
    expect(r.stdout).toMatch(/^tts:write\s+yes$/m);
  });
});

describe('tts download of a body that is not audio', () => {
  /** A completed generation whose audio is at `audioUrl` on the hostile server (its own origin, or another). */
  function completed(audioUrl: string): void {
    server.on('GET', '/v1/tts/g1', (_q, res) =>
      json(res, 200, {
        data: { id: 'g1', text: 'hi', status: 'completed', audioUrl, createdAt: '2026-01-01T00:00:00.000Z' },
        requestId: 'r1',
      }),
    );
  }
  const other = () => server.url.replace('127.0.0.1', 'localhost'); // another origin: a storage link

  it.each([
    ['application/json', '{"error":"signature expired"}'],
    ['application/json; charset=utf-8', '{"error":"signature expired"}'],
    ['text/html', '<html><title>Login</title></html>'],
    ['TEXT/PLAIN;charset=utf-8', 'AccessDenied'],
    ['application/xml', '<Error><Code>AccessDenied</Code></Error>'],
    ['application/problem+json', '{"title":"expired"}'],
  ])('%s: exit 1 with the status, the type and the start of the body; no file, no temp file', async (type, body) => {
    completed('/files/g1.wav');
    server.on('GET', '/files/g1.wav', (_q, res) => {
      res.writeHead(200, { 'content-type': type }).end(body);
    });
    const dir = tempDir();
    const r = await run(['tts', 'download', 'g1', '--out', join(dir, 'g1.wav')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`the audio link of g1 answered 200 with ${type}, not audio: ${body}`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('the excerpt is bounded and terminal-safe; --out - writes nothing to stdout', async () => {
    completed(`${other()}/x`);
    server.on('GET', '/x', (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<html>\x1b]0;pwned\x07${'A'.repeat(100_000)}</html>`);
    });
    const r = await run(['tts', 'download', 'g1', '--out', '-']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain('\x1b');
    expect(r.stderr).toContain('<html>\\x1b]0;pwned\\x07AAA');
    expect(r.stderr.length).toBeLessThan(1000);
  });

  it('a missing or unknown content type is still taken as audio', async () => {
    completed('/files/g1.wav');
    for (const headers of [{}, { 'content-type': 'application/octet-stream' }]) {
      server.on('GET', '/files/g1.wav', (_q, res) => {
        res.writeHead(200, headers).end('RIFF');
      });
      const dir = tempDir();
      const r = await run(['tts', 'download', 'g1', '--out', join(dir, 'g1.wav')]);
      expect(r.code, r.stderr).toBe(0);
      expect(readFileSync(join(dir, 'g1.wav'), 'utf8')).toBe('RIFF');
    }
  });

  it('a storage link that redirects says so, not "check the base URL"', async () => {
    completed(`${other()}/x`);
    server.on('GET', '/x', (_q, res) => {
      res.writeHead(302, { location: 'https://login.example/' }).end();
    });
    const dir = tempDir();
    const r = await run(['tts', 'download', 'g1', '--out', join(dir, 'g1.wav')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'the audio link of g1 redirected (HTTP 302 to https://login.example/); redirects are not followed',
    );
    expect(r.stderr).not.toContain('base URL');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('campaigns start answered 2xx without the campaign (reference 4.5 shows no response body)', () => {
  it.each([
    [
      '200 {success, message}',
      (res: ServerResponse) => json(res, 200, { success: true, message: 'Campaign started', requestId: 'r9' }),
      { id: 'cmp_1', started: true, response: { success: true, message: 'Campaign started', requestId: 'r9' } },
    ],
    ['204', (res: ServerResponse) => void res.writeHead(204).end(), { id: 'cmp_1', started: true }],
    ['bare 202', (res: ServerResponse) => void res.writeHead(202).end(), { id: 'cmp_1', started: true }],
    [
      '200 plain text',
      (res: ServerResponse) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('OK'),
      { id: 'cmp_1', started: true, response: 'OK' },
    ],
  ])('%s: started, exit 0, --json prints what came back', async (_name, answer, printed) => {
    server.on('POST', '/v1/campaigns/cmp_1/start', (_q, res) => answer(res));
    const r = await run(['campaigns', 'start', 'cmp_1', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(printed);
    expect(server.requests.map((q) => `${q.method} ${q.url}`)).toEqual(['POST /v1/campaigns/cmp_1/start']);
  });

  it('the table says it started; -q prints the id', async () => {
    server.on('POST', '/v1/campaigns/cmp_1/start', (_q, res) => void res.writeHead(204).end());
    const r = await run(['campaigns', 'start', 'cmp_1'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Campaign cmp_1 started.');
    const q = await run(['campaigns', 'start', 'cmp_1', '-q']);
    expect(q.stdout).toBe('cmp_1\n');
  });
});

describe('a wait that cannot end well, a created id that cannot be asked for, a signal', () => {
  it.each(['COMPLETED', 'cancelled'])(
    'tts wait on the status %s ends at once: exit 1 naming the status, not "still pending" at the timeout',
    async (status) => {
      server.on('GET', '/v1/tts/g1', (_q, res) => json(res, 200, { data: { id: 'g1', status }, requestId: 'r1' }));
      const clock = virtualClock();
      const r = await run(['tts', 'wait', 'g1', '--timeout', '10m', '--json'], { clock });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        `generation g1 has the status "${status}", which is none of queued, processing, completed, failed: stopped waiting`,
      );
      expect(r.stderr).not.toContain('still pending');
      expect(server.requests).toHaveLength(1);
      expect(clock.waits).toEqual([]);
    },
  );

  it.each(['..', '.', ''])(
    'tts create --wait given the id %j: exit 1 (the POST was sent), naming it, nothing asked for',
    async (id) => {
      server.on('POST', '/v1/tts', (_q, res) =>
        json(res, 201, { data: { id, status: 'queued', characterCount: 2 }, requestId: 'r1' }),
      );
      const r = await run(['tts', 'create', '--text', 'hi', '--wait'], { clock: virtualClock() });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`POST /v1/tts created a generation with the id ${JSON.stringify(id)}`);
      expect(r.stderr).not.toContain('not a valid ID');
      expect(server.requests.map((q) => q.method)).toEqual(['POST']);
    },
  );

  it.skipIf(!SIGNALS_DELIVERED).each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)(
    'campaigns show --watch --json ended by %s: the JSON error says the exit code the process has',
    async (signal, code) => {
      server.on('GET', '/v1/campaigns/cmp_1', (_q, res) =>
        json(res, 200, { data: { id: 'cmp_1', name: 'n', status: 'RUNNING' }, requestId: 'r1' }),
      );
      const r = await spawnCli(['campaigns', 'show', 'cmp_1', '--watch', '--json'], {
        key: KEY,
        env: { VOICECTL_BASE_URL: server.url },
        onSpawn: (child) => {
          void until(() => server.requests.length > 0, 15_000, 'the first read').then(() => child.kill(signal));
        },
      });
      expect(r.code).toBe(code);
      const last = JSON.parse(r.stderr.trim().split('\n').at(-1)!);
      expect(last.error.exitCode).toBe(code);
    },
  );
});
