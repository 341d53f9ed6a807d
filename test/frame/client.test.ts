// The HTTP client against a real sandbox on loopback: URL joining, path encoding, retries, errors.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, buildUrl, checkBaseUrl, encodePathParam, parseRetryAfter, path } from '../../src/api/client.js';
import { parseErrorBody } from '../../src/api/errors.js';
import { paginateRecords } from '../../src/api/paginate.js';
import { ApiError, ExitCode, MalformedResponseError, NetworkError, UsageError } from '../../src/errors.js';
import { AnyRecord, envelope } from '../../src/schemas/common.js';
import { ok, paginate } from '../../src/sandbox/http.js';
import { Sandbox } from '../../src/sandbox/server.js';
import { KEYS } from '../helpers/cli.js';

const ITEMS = Array.from({ length: 23 }, (_, i) => ({ id: `item_${String(i).padStart(2, '0')}` }));

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = new Sandbox({
    routes: [
      { method: 'GET', pattern: '/v1/_test/items/:id', handle: (ctx) => ok({ id: ctx.params.id }) },
      { method: 'GET', pattern: '/v1/_test/items', handle: (ctx) => paginate(ITEMS, ctx.query) },
      { method: 'POST', pattern: '/v1/_test/items', handle: (ctx) => ok(ctx.body, 201) },
    ],
  });
  await sandbox.listen(0);
});
afterAll(() => sandbox.close());
afterEach(() => {
  sandbox.clearFaults();
  sandbox.log.length = 0;
});

const Item = envelope(AnyRecord);
const client = (over: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) =>
  new ApiClient({
    baseUrl: sandbox.url,
    apiKey: KEYS.acme,
    timeoutMs: 2000,
    userAgent: 'voicectl/test',
    retryBaseMs: 5,
    ...over,
  });

describe('base URL', () => {
  it('joins with or without a trailing slash and keeps a path prefix', () => {
    expect(buildUrl(new URL('https://api.example.com'), '/v1/tts')).toBe('https://api.example.com/v1/tts');
    expect(buildUrl(new URL('https://api.example.com/'), '/v1/tts')).toBe('https://api.example.com/v1/tts');
    expect(buildUrl(new URL('https://x.io/voice/api/'), '/v1/tts', { page: 2, status: undefined })).toBe(
      'https://x.io/voice/api/v1/tts?page=2',
    );
  });

  it('refuses plain http:// to a remote host and accepts it for loopback', () => {
    expect(() => checkBaseUrl('http://api.example.com')).toThrow(UsageError);
    expect(() => checkBaseUrl('http://10.0.0.5:8080')).toThrow(/plain http/);
    for (const ok of ['http://127.0.0.1:4010', 'http://localhost:1', 'http://[::1]:4010', 'https://api.example.com']) {
      expect(() => checkBaseUrl(ok)).not.toThrow();
    }
    expect(() => checkBaseUrl('ftp://x')).toThrow(UsageError);
    expect(() => checkBaseUrl('not a url')).toThrow(/not a valid URL/);
  });
});

describe('path parameters', () => {
  it.each(['../x', 'a/b', '..%2F', 'q?x=1', 'h#frag', '100%', 'with space', '../../v1/messages'])(
    '%s reaches the same endpoint, intact',
    async (id) => {
      const res = await client().json({ method: 'GET', path: path`/v1/_test/items/${id}` }, Item);
      expect(res.body.data).toEqual({ id });
      expect(sandbox.log).toHaveLength(1);
      expect(sandbox.log[0].path.startsWith('/v1/_test/items/')).toBe(true);
      expect(sandbox.log[0].path.split('/')).toHaveLength(5);
    },
  );

  it('refuses IDs that a URL parser would resolve away, before sending anything', () => {
    for (const bad of ['', '.', '..']) expect(() => encodePathParam(bad)).toThrow(UsageError);
    expect(() => path`/v1/tts/${'..'}`).toThrow(/not a valid ID/);
    expect(sandbox.log).toHaveLength(0);
  });
});

describe('retries', () => {
  it('a GET retries 503 and succeeds on the third try', async () => {
    sandbox.addFault({ path: '/v1/_test', status: 503, times: 2 });
    const res = await client().json({ method: 'GET', path: '/v1/_test/items/a' }, Item);
    expect(res.body.data).toEqual({ id: 'a' });
    expect(sandbox.log.map((e) => e.status)).toEqual([503, 503, 200]);
  });

  it.each([429, 502, 504])('a GET retries %i', async (status) => {
    sandbox.addFault({ path: '/v1/_test', status, times: 1 });
    await client().json({ method: 'GET', path: '/v1/_test/items/a' }, Item);
    expect(sandbox.log.map((e) => e.status)).toEqual([status, 200]);
  });

  it('a GET gives up after 3 retries with exit 7 (503: not available) naming the last status', async () => {
    sandbox.addFault({ path: '/v1/_test', status: 503 });
    const err = await client()
      .json({ method: 'GET', path: '/v1/_test/items/a' }, Item)
      .catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(503);
    expect(err.exitCode).toBe(ExitCode.unavailable);
    expect(err.requestId).toMatch(/^req_/);
    expect(sandbox.log).toHaveLength(4);
  });

  it('a POST is sent once, whatever the answer', async () => {
    sandbox.addFault({ path: '/v1/_test', status: 503 });
    const err = await client()
      .json({ method: 'POST', path: '/v1/_test/items', body: { a: 1 } }, Item)
      .catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.exitCode).toBe(ExitCode.unavailable);
    expect(sandbox.log).toHaveLength(1);
  });

  it('a POST whose socket closes is not repeated and says the outcome is unknown', async () => {
    sandbox.addFault({ path: '/v1/_test', kind: 'close' });
    const err = await client()
      .json({ method: 'POST', path: '/v1/_test/items', body: {} }, Item)
      .catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.hints.join(' ')).toMatch(/may have reached the service/);
    expect(sandbox.log).toHaveLength(1);
  });

  it('a GET whose socket closes is retried', async () => {
    sandbox.addFault({ path: '/v1/_test', kind: 'close', times: 1 });
    await client().json({ method: 'GET', path: '/v1/_test/items/a' }, Item);
    expect(sandbox.log).toHaveLength(2);
  });

  it('honours Retry-After', async () => {
    sandbox.addFault({ path: '/v1/_test', status: 429, retryAfter: '1', times: 1 });
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    await client({ sleep }).json({ method: 'GET', path: '/v1/_test/items/a' }, Item);
    expect(waits).toEqual([1000]);
    expect(sandbox.log).toHaveLength(2);
  });

  it('a deadline is on the monotonic clock: a time of day two hours ahead neither stops a retry nor cuts a try', async () => {
    sandbox.addFault({ path: '/v1/_test', status: 503, times: 1 });
    let mono = 1_000;
    const sleep = async (ms: number) => void (mono += ms);
    const c = client({ sleep, now: () => Date.now() + 7_200_000, monotonic: () => mono });
    const res = await c.json({ method: 'GET', path: '/v1/_test/items/a', deadline: mono + 10_000 }, Item);
    expect(res.body.data).toEqual({ id: 'a' });
    expect(sandbox.log.map((e) => e.status)).toEqual([503, 200]);
  });

  it('a deadline passed on the monotonic clock stops the retry, whatever the time of day says', async () => {
    sandbox.addFault({ path: '/v1/_test', status: 503, times: 1 });
    const mono = 1_000;
    const c = client({ now: () => mono - 3_600_000, monotonic: () => mono });
    const err = await c.json({ method: 'GET', path: '/v1/_test/items/a', deadline: mono + 1 }, Item).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.hints.join(' ')).toContain('would start after the deadline');
    expect(sandbox.log).toHaveLength(1);
  });

  it('a POST stopped in flight names the list to check on the same service (the invocation given)', async () => {
    sandbox.addFault({ method: 'POST', path: '/v1/campaigns', kind: 'hang' });
    const ctrl = new AbortController();
    const sent = client({ signal: ctrl.signal, invocation: 'voicectl --sandbox' })
      .json({ method: 'POST', path: '/v1/campaigns', body: {} }, Item)
      .catch((e) => e);
    while (sandbox.log.length < 1) await new Promise((r) => setTimeout(r, 5));
    ctrl.abort();
    const err = await sent;
    expect(err.message).toContain('its outcome is unknown');
    expect(err.hints.join(' ')).toContain('Check with `voicectl --sandbox campaigns list`');
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('errors and bodies', () => {
  it('a timeout ends the request and says so', async () => {
    sandbox.addFault({ path: '/v1/_test', latencyMs: 400 });
    const err = await client({ timeoutMs: 100, retries: 0 })
      .json({ method: 'GET', path: '/v1/_test/items/a' }, Item)
      .catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toMatch(/timed out after 0.1s/);
  });

  it('a body that is not JSON is an error showing its start', async () => {
    sandbox.addFault({ path: '/v1/_test', kind: 'not-json' });
    const err = await client()
      .json({ method: 'GET', path: '/v1/_test/items/a' }, Item)
      .catch((e) => e);
    expect(err).toBeInstanceOf(MalformedResponseError);
    expect(err.message).toContain('<<this is not json>>');
  });

  it('a response cut halfway is a network error naming the requestId, not a crash', async () => {
    sandbox.addFault({ path: '/v1/_test', kind: 'cut' });
    const err = await client()
      .json({ method: 'GET', path: '/v1/_test/items/a' }, Item)
      .catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toMatch(/connection broke while the response was arriving \(HTTP 200\)/);
    expect(err.hints.join(' ')).toMatch(/requestId: req_/);
  });

  it('the sandbox log never holds a key', () => {
    expect(JSON.stringify(sandbox.log)).not.toContain(KEYS.acme);
  });

  it('a 200 without data is an error, not a crash', async () => {
    sandbox.addFault({ path: '/v1/_test', kind: 'missing-data' });
    const err = await client()
      .json({ method: 'GET', path: '/v1/_test/items/a' }, Item)
      .catch((e) => e);
    expect(err).toBeInstanceOf(MalformedResponseError);
    expect(err.message).toMatch(/data/);
  });

  it('an HTML error page gives a readable message', async () => {
    sandbox.addFault({ path: '/v1/_test', kind: 'html', status: 502 });
    const err = await client({ retries: 0 })
      .json({ method: 'GET', path: '/v1/_test/items/a' }, Item)
      .catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('HTML page: 502 Bad Gateway');
  });

  it('reads every error body shape leniently', () => {
    expect(parseErrorBody('{"error":{"code":"not_found","message":"gone"},"requestId":"r1"}')).toMatchObject({
      code: 'not_found',
      message: 'gone',
      requestId: 'r1',
    });
    expect(parseErrorBody('{"error":"bad thing"}')).toMatchObject({ message: 'bad thing' });
    expect(parseErrorBody('{"code":"x","message":"y"}')).toMatchObject({ code: 'x', message: 'y' });
    expect(parseErrorBody('{"message":"only"}')).toMatchObject({ message: 'only' });
    expect(parseErrorBody('plain text failure\nmore')).toMatchObject({ message: 'plain text failure' });
    expect(parseErrorBody('{broken json')).toMatchObject({ message: '{broken json' });
    expect(parseErrorBody('')).toEqual({ message: undefined });
  });

  it('names an HTML error page by its title, else by its first heading', () => {
    expect(
      parseErrorBody(
        '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>nginx</h1></body></html>',
      ),
    ).toEqual({ message: 'HTML page: 502 Bad Gateway' });
    expect(
      parseErrorBody('<html><body><h1 class="x">Service <b>Unavailable</b></h1><p>later</p></body></html>'),
    ).toEqual({ message: 'HTML page: Service Unavailable' });
    expect(parseErrorBody('<html><body><p>nothing to name it by</p></body></html>')).toEqual({
      message: 'an HTML page instead of JSON',
    });
  });

  it('a wrong key is 401 with a hint, exit 3', async () => {
    const err = await client({ apiKey: 'vk_wrong_key_123456' })
      .json({ method: 'GET', path: '/v1/_test/items/a' }, Item)
      .catch((e) => e);
    expect(err.status).toBe(401);
    expect(err.exitCode).toBe(ExitCode.auth);
    expect(err.hints.join(' ')).toMatch(/VOICECTL_API_KEY/);
  });
});

describe('pagination', () => {
  it.each([1, 5, 7, 23, 100])('walks every page in order with limit %i', async (limit) => {
    const seen: unknown[] = [];
    for await (const r of paginateRecords(client(), AnyRecord, { path: '/v1/_test/items', limit, concurrency: 3 }))
      seen.push(r);
    expect(seen).toEqual(ITEMS);
    expect(sandbox.log).toHaveLength(Math.ceil(ITEMS.length / limit));
  });

  it('the sandbox validates page and limit at their boundaries', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(paginate(ITEMS, q('')).body).toMatchObject({ pagination: { page: 1, limit: 20, total: 23, totalPages: 2 } });
    expect(paginate(ITEMS, q('limit=100')).body).toMatchObject({ pagination: { limit: 100, totalPages: 1 } });
    expect(paginate(ITEMS, q('limit=1')).body).toMatchObject({ pagination: { limit: 1, totalPages: 23 } });
    expect(() => paginate(ITEMS, q('limit=101'))).toThrow(/limit/);
    expect(() => paginate(ITEMS, q('limit=0'))).toThrow(/limit/);
    expect(() => paginate(ITEMS, q('page=0'))).toThrow(/page/);
    expect(paginate(ITEMS, q('page=9')).body).toMatchObject({ data: [], pagination: { page: 9, totalPages: 2 } });
  });
});

describe('redirects', () => {
  it('are never followed, so the key cannot travel to another origin', async () => {
    const redirecting = new Sandbox({
      routes: [
        {
          method: 'GET',
          pattern: '/v1/_test/moved',
          handle: () => ({ status: 302, body: {}, headers: { location: 'https://elsewhere.example.com/steal' } }),
        },
      ],
    });
    await redirecting.listen(0);
    try {
      const c = new ApiClient({ baseUrl: redirecting.url, apiKey: KEYS.acme, timeoutMs: 2000, userAgent: 't' });
      const err = await c.json({ method: 'GET', path: '/v1/_test/moved' }, Item).catch((e) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err.message).toMatch(/redirected to https:\/\/elsewhere\.example\.com\/steal; redirects are not followed/);
      expect(redirecting.log).toHaveLength(1);
    } finally {
      await redirecting.close();
    }
  });
});
