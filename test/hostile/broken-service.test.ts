// A service that is broken (a login redirect, a 5xx page, a 429, a storage link answering with an error page, a 2xx
// without the documented body) is never read as a success, and a success that the reference leaves unshown is never
// read as a failure. Found by the hostile-input exploration.
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { virtualClock } from '../helpers/cli.js';
import { json, page, useHostileServer } from './server.js';

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
