// Faults injected in the sandbox, provoked through the real commands over real HTTP: what is retried, what is
// sent exactly once, and what the user reads when the service misbehaves. Retries back off 5 ms here
// (VOICECTL_RETRY_BASE_MS in the test env), so give-ups are fast; the tests of the waits themselves run on a
// virtual clock shared by the command and the sandbox, so they wait no real time and measure exactly.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, parseJson, ROOT, spawnCli, startSandbox, virtualClock } from '../helpers/cli.js';
import { expectFailure } from './helpers.js';

const CAMPAIGN_FILE = join(ROOT, 'fixtures/campaigns/campaign.json');
let sandbox: Sandbox;
let campaignId: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  const r = await cli(['campaigns', 'create', '--file', CAMPAIGN_FILE, '--json'], { sandbox });
  expect(r.code, r.stderr).toBe(0);
  campaignId = parseJson<{ id: string }>(r.stdout).id;
});
afterAll(() => sandbox.close());
afterEach(() => {
  sandbox.clearFaults();
  sandbox.log.length = 0;
});

/** GET commands, each with the path prefix its requests take. */
const GETS: { name: string; argv: () => string[]; path: string }[] = [
  { name: 'messages list', argv: () => ['messages', 'list'], path: '/v1/messages' },
  { name: 'calls list', argv: () => ['calls', 'list'], path: '/v1/calls' },
  { name: 'campaigns list', argv: () => ['campaigns', 'list'], path: '/v1/campaigns' },
  { name: 'campaigns show', argv: () => ['campaigns', 'show', campaignId], path: '/v1/campaigns/' },
  { name: 'api GET', argv: () => ['api', 'GET', '/v1/campaigns'], path: '/v1/campaigns' },
];
const getCases = GETS.map((g) => [g.name, g] as const);

describe('GET commands retry network errors, 429, 502, 503 and 504', () => {
  describe.each(getCases)('%s', (_name, g) => {
    it.each([429, 502, 503, 504])('succeeds after two %i answers', async (status) => {
      sandbox.addFault({
        method: 'GET',
        path: g.path,
        status,
        times: 2,
        ...(status === 502 ? { kind: 'html' as const } : {}),
      });
      const r = await cli(g.argv(), { sandbox });
      expect(r.code, r.stderr).toBe(0);
      expect(sandbox.requests('GET', g.path).map((e) => e.status)).toEqual([status, status, 200]);
      expect(() => JSON.parse(r.stdout)).not.toThrow();
    });

    it('succeeds after the socket was closed twice before the response', async () => {
      sandbox.addFault({ method: 'GET', path: g.path, kind: 'close', times: 2 });
      const r = await cli(g.argv(), { sandbox });
      expect(r.code, r.stderr).toBe(0);
      expect(sandbox.requests('GET', g.path)).toHaveLength(3);
    });

    it('succeeds after a response cut halfway', async () => {
      sandbox.addFault({ method: 'GET', path: g.path, kind: 'cut', times: 1 });
      const r = await cli(g.argv(), { sandbox });
      expect(r.code, r.stderr).toBe(0);
      expect(sandbox.requests('GET', g.path)).toHaveLength(2);
      expect(() => JSON.parse(r.stdout)).not.toThrow();
    });
  });

  /** Milliseconds between the sandbox's log entries (each stamped when the request arrived, by the sandbox's clock). */
  const gaps = (entries: { at: string }[]) =>
    entries.slice(1).map((e, i) => Date.parse(e.at) - Date.parse(entries[i].at));

  /** A sandbox of its own on a virtual clock that the command moves as it waits (see virtualClock). */
  async function onClock<T>(fn: (own: Sandbox, clock: ReturnType<typeof virtualClock>) => Promise<T>): Promise<T> {
    const clock = virtualClock();
    const own = await startSandbox({}, clock);
    try {
      return await fn(own, clock);
    } finally {
      await own.close();
    }
  }

  it('honours Retry-After instead of its own backoff (seen in --debug, and in the time that passed)', () =>
    onClock(async (own, clock) => {
      own.addFault({ method: 'GET', path: '/v1/messages', status: 429, retryAfter: '0.3', times: 1 });
      const started = clock.now();
      const r = await cli(['messages', 'list', '--debug'], { sandbox: own, clock });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('retry 1/3 in 300 ms (HTTP 429)');
      const log = own.requests('GET', '/v1/messages');
      expect(log.map((e) => e.status)).toEqual([429, 200]);
      // The retry left only after the 300 ms asked for (not after the 5 ms backoff of the tests).
      expect(clock.waits).toEqual([300]);
      expect(gaps(log)).toEqual([300]);
      expect(clock.now() - started).toBe(300);
    }));

  it('backs off exponentially with jitter (the waits --debug announces, and that they were waited)', () =>
    onClock(async (own, clock) => {
      own.addFault({ method: 'GET', path: '/v1/messages', status: 503 });
      // A first step of 40 ms here (5 ms in the other tests), so that each wait stands out from a request's own time.
      const base = 40;
      const started = clock.now();
      const r = await cli(['messages', 'list', '--debug'], {
        sandbox: own,
        clock,
        env: { VOICECTL_RETRY_BASE_MS: String(base) },
      });
      expectFailure(r, 7);
      const waits = [...r.stderr.matchAll(/retry (\d)\/3 in (\d+) ms \(HTTP 503\)/g)].map((m) => [
        Number(m[1]),
        Number(m[2]),
      ]);
      expect(waits.map(([n]) => n)).toEqual([1, 2, 3]);
      waits.forEach(([n, ms]) => {
        const step = base * 2 ** (n - 1);
        expect(ms).toBeGreaterThanOrEqual(Math.floor(step * 0.8));
        expect(ms).toBeLessThanOrEqual(Math.ceil(step * 1.2));
      });
      // What --debug announced (rounded) is what was waited, before each attempt.
      expect(clock.waits.map(Math.round)).toEqual(waits.map(([, ms]) => ms));
      const log = own.requests('GET', '/v1/messages');
      expect(log).toHaveLength(4);
      // Log stamps are whole milliseconds and the jittered waits are not: each gap is its wait to within 1 ms.
      gaps(log).forEach((gap, i) =>
        expect(Math.abs(gap - clock.waits[i]), `wait before attempt ${i + 2}`).toBeLessThan(1),
      );
      // (to a hundredth of a millisecond: the clock holds an epoch time, whose doubles round there)
      expect(clock.now() - started).toBeCloseTo(
        clock.waits.reduce((sum, ms) => sum + ms, 0),
        2,
      );
    }));

  it('reads Retry-After given as an HTTP date, and waits until then', () =>
    onClock(async (own, clock) => {
      // An HTTP date has whole seconds: 1.5 s from now is 0.5 to 1.5 s away.
      const at = new Date(clock.now() + 1500);
      own.addFault({ method: 'GET', path: '/v1/calls', status: 503, retryAfter: at.toUTCString(), times: 1 });
      const started = clock.now();
      const r = await cli(['calls', 'list', '--debug'], { sandbox: own, clock });
      expect(r.code, r.stderr).toBe(0);
      const said = /retry 1\/3 in (\d+) ms \(HTTP 503\)/.exec(r.stderr);
      expect(said, r.stderr).not.toBeNull();
      const ms = Number(said![1]);
      expect(ms).toBeLessThanOrEqual(1500);
      expect(ms).toBeGreaterThanOrEqual(500);
      const log = own.requests('GET', '/v1/calls');
      expect(log.map((e) => e.status)).toEqual([503, 200]);
      expect(gaps(log)).toEqual([ms]);
      // The retry went out at the date asked for, not before (the date has whole seconds).
      expect(Date.parse(log[1].at)).toBe(Math.floor(at.getTime() / 1000) * 1000);
      expect(clock.now() - started).toBe(ms);
    }));

  it('reads a Retry-After date in the past as "now"', async () => {
    sandbox.addFault({
      method: 'GET',
      path: '/v1/calls',
      status: 503,
      retryAfter: new Date(Date.now() - 5000).toUTCString(),
      times: 1,
    });
    const r = await cli(['calls', 'list', '--debug'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/retry 1\/3 in 0 ms \(HTTP 503\)/);
    expect(sandbox.requests('GET', '/v1/calls').map((e) => e.status)).toEqual([503, 200]);
  });

  it('a page of an --all listing that fails is retried and the listing is complete', async () => {
    sandbox.addFault({ method: 'GET', path: '/v1/messages', status: 503, times: 1 });
    sandbox.addFault({ method: 'GET', path: '/v1/messages', kind: 'close', times: 1 });
    const r = await cli(['messages', 'list', '--all', '--limit', '10'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    const total = sandbox.state.messages.filter((m) => m.orgId === 'org_acme').length;
    expect(parseJson<unknown[]>(r.stdout)).toHaveLength(total);
  });
});

describe('GET commands give up after their retries', () => {
  it.each([
    [429, 'rate_limited', 1],
    [503, 'internal_error', 7],
    [504, 'internal_error', 1],
  ])(
    '%i every time: exit %i after 4 attempts, naming the last status and the requestId',
    async (status, code, exit) => {
      sandbox.addFault({ method: 'GET', path: '/v1/campaigns', status });
      const r = await cli(['campaigns', 'list'], { sandbox });
      expectFailure(r, exit);
      expect(sandbox.requests('GET', '/v1/campaigns')).toHaveLength(4);
      expect(r.stderr).toContain(`error: injected fault: HTTP ${status}`);
      expect(r.stderr).toMatch(new RegExp(`status ${status} · code ${code} · requestId req_[0-9a-f]{16}`));
      expect(r.stderr).toMatch(/gave up after 4 attempts/i);
      expect(r.stdout).toBe('');
    },
  );

  it('a 502 HTML page every time: a readable message, not the HTML', async () => {
    sandbox.addFault({ method: 'GET', path: '/v1/messages', kind: 'html', status: 502 });
    const r = await cli(['messages', 'list'], { sandbox });
    expectFailure(r, 1);
    expect(sandbox.requests('GET', '/v1/messages')).toHaveLength(4);
    expect(r.stderr).toContain('error: HTML page: 502 Bad Gateway');
    expect(r.stderr).toMatch(/status 502 · requestId req_[0-9a-f]{16}/);
    expect(r.stderr).not.toContain('<!DOCTYPE');
  });

  it('a socket closed every time: exit 1, says what happened and that it gave up', async () => {
    sandbox.addFault({ method: 'GET', path: '/v1/calls', kind: 'close' });
    const r = await cli(['calls', 'list'], { sandbox });
    expectFailure(r, 1);
    expect(sandbox.requests('GET', '/v1/calls')).toHaveLength(4);
    expect(r.stderr).toContain('the connection was closed before the response arrived');
    expect(r.stderr).toMatch(/gave up after 4 attempts/i);
  });

  it('a response cut every time: exit 1 naming the status and the requestId', async () => {
    sandbox.addFault({ method: 'GET', path: '/v1/campaigns', kind: 'cut' });
    const r = await cli(['campaigns', 'show', campaignId], { sandbox });
    expectFailure(r, 1);
    expect(sandbox.requests('GET', '/v1/campaigns')).toHaveLength(4);
    expect(r.stderr).toMatch(/connection broke while the response was arriving \(HTTP 200\)/);
    expect(r.stderr).toMatch(/requestId:? req_[0-9a-f]{16}/);
  });

  it('a 500 is not retried (the service failed, it is not overloaded): exit 1 with status and requestId', async () => {
    sandbox.addFault({ method: 'GET', path: '/v1/messages', status: 500 });
    const r = await cli(['messages', 'list'], { sandbox });
    expectFailure(r, 1);
    expect(sandbox.requests('GET', '/v1/messages')).toHaveLength(1);
    expect(r.stderr).toMatch(/status 500 · code internal_error · requestId req_[0-9a-f]{16}/);
  });

  it('--json adds the error object with status, requestId and exit code', async () => {
    sandbox.addFault({ method: 'GET', path: '/v1/campaigns', status: 503 });
    const r = await cli(['campaigns', 'list', '--json'], { sandbox });
    expectFailure(r, 7);
    const last = r.stderr.trim().split('\n').at(-1)!;
    expect(JSON.parse(last)).toMatchObject({
      error: { status: 503, requestId: expect.stringMatching(/^req_/), exitCode: 7 },
    });
  });

  it('--request-timeout ends a slow request and says so', async () => {
    sandbox.addFault({ method: 'GET', path: '/v1/campaigns', latencyMs: 3000 });
    const r = await cli(['campaigns', 'list', '--request-timeout', '0.2'], { sandbox });
    expectFailure(r, 1);
    expect(r.stderr).toContain('error: GET /v1/campaigns timed out after 0.2s');
    expect(r.stderr).toContain('Raise --request-timeout');
    expect(r.stdout).toBe('');
  });
});

describe('--request-timeout while the body is arriving', () => {
  // The timeout is real time, and the headers must come before it: 1 s, not less. With 0.3 s, a worker starved of
  // CPU (a load of 11 on 2 cores) got no headers in time, and the message rightly said "timed out" alone.
  it('a GET whose body stalls: ends at the timeout and says so', async () => {
    sandbox.addFault({ method: 'GET', path: '/v1/campaigns', kind: 'stall' });
    const r = await cli(['campaigns', 'list', '--request-timeout', '1s'], { sandbox });
    expectFailure(r, 1);
    expect(r.stderr).toContain(
      'error: GET /v1/campaigns timed out after 1s while the response was arriving (HTTP 200)',
    );
    expect(r.stderr).toContain('Raise --request-timeout');
    expect(r.stdout).toBe('');
  });

  it('a POST whose body stalls: one request, says the outcome is unknown', async () => {
    sandbox.addFault({ method: 'POST', path: '/v1/campaigns', kind: 'stall' });
    const r = await cli(['campaigns', 'create', '--file', CAMPAIGN_FILE, '--yes', '--request-timeout', '1'], {
      sandbox,
    });
    expectFailure(r, 1);
    expect(sandbox.requests('POST')).toHaveLength(1);
    expect(r.stderr).toContain('timed out after 1s while the response was arriving');
    expect(r.stderr).toContain('`voicectl campaigns list`');
  });
});

describe('malformed responses: exit 1, the status and the start of the body, no stack trace', () => {
  it.each(getCases)('%s: a body that is not JSON', async (name, g) => {
    sandbox.addFault({ method: 'GET', path: g.path, kind: 'not-json' });
    const r = await cli(g.argv(), { sandbox });
    if (name.startsWith('api')) {
      // `voicectl api` prints the body as it came (ended by a newline): that is its job.
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('<<this is not json>>\n');
      return;
    }
    expectFailure(r, 1);
    expect(r.stderr).toMatch(/answered 200 with a body that is not JSON: <<this is not json>>/);
    expect(r.stderr).toMatch(/requestId:? req_[0-9a-f]{16}/);
    expect(r.stdout).toBe('');
  });

  it.each(getCases.filter(([n]) => !n.startsWith('api')))('%s: a 200 without data', async (_name, g) => {
    sandbox.addFault({ method: 'GET', path: g.path, kind: 'missing-data' });
    const r = await cli(g.argv(), { sandbox });
    expectFailure(r, 1);
    // zod's own message, in English (src/schemas/locale.ts; zod/mini alone would say only "Invalid input").
    expect(r.stderr).toMatch(
      /answered 200 with an unexpected body \(data: Invalid input: expected (object|array), received undefined\): \{"requestId":"req_/,
    );
    expect(r.stdout).toBe('');
  });

  it('zod names the problem in English in a process of its own too (no sandbox loaded beside the CLI)', async () => {
    sandbox.addFault({ method: 'GET', path: '/v1/tts/', kind: 'missing-data' });
    const r = await spawnCli(['tts', 'get', 'tts_0123456789abcdef'], { sandbox });
    expectFailure(r, 1);
    expect(r.stderr).toContain('(data: Invalid input: expected object, received undefined)');
  });

  it('an error status whose body is not JSON shows the start of the body', async () => {
    sandbox.addFault({ method: 'GET', path: '/v1/campaigns', kind: 'not-json', status: 500 });
    const r = await cli(['campaigns', 'list'], { sandbox });
    expectFailure(r, 1);
    expect(r.stderr).toContain('error: <<this is not json>>');
    expect(r.stderr).toMatch(/status 500 · requestId req_/);
  });

  it('`api GET` whose response is cut every time is a network error, not a crash', async () => {
    sandbox.addFault({ method: 'GET', path: '/v1/campaigns', kind: 'cut' });
    const r = await cli(['api', 'GET', '/v1/campaigns'], { sandbox });
    expectFailure(r, 1);
    expect(r.stderr).toMatch(/connection broke while the response was arriving \(HTTP 200\)/);
    expect(r.stdout).toBe('');
  });
});

describe('POST commands are sent exactly once', () => {
  const create = () => ['campaigns', 'create', '--file', CAMPAIGN_FILE, '--yes'];
  const campaignsBefore = () => sandbox.state.campaigns.length;

  it.each([
    [429, 1],
    [500, 1],
    [502, 1],
    [503, 7],
    [504, 1],
  ])('campaigns create answered %i: one request, exit %i', async (status, exit) => {
    sandbox.addFault({
      method: 'POST',
      path: '/v1/campaigns',
      status,
      ...(status === 502 ? { kind: 'html' as const } : {}),
    });
    const r = await cli(create(), { sandbox });
    expectFailure(r, exit);
    expect(sandbox.requests('POST')).toHaveLength(1);
    expect(r.stderr).toMatch(new RegExp(`status ${status}\\b.*requestId req_`));
    expect(r.stdout).toBe('');
  });

  it.each([502, 504])(
    'a gateway %i to a POST: exit 1, one request, says the outcome is unknown and how to check',
    async (status) => {
      const before = campaignsBefore();
      sandbox.addFault({ method: 'POST', path: '/v1/campaigns', status });
      const r = await cli(create(), { sandbox });
      expectFailure(r, 1);
      expect(sandbox.requests('POST')).toHaveLength(1);
      expect(sandbox.requests()).toHaveLength(1);
      expect(r.stderr).toMatch(new RegExp(`status ${status}\\b.*requestId req_`));
      expect(r.stderr).toMatch(
        /The request may have reached the service, so it was not repeated \(that could charge or start twice\)/,
      );
      expect(r.stderr).toContain('Check with `voicectl campaigns list` before trying again.');
      expect(r.stdout).toBe('');
      expect(campaignsBefore()).toBe(before);
    },
  );

  it.each([500, 503])(
    'a %i to a POST is an answer, not an unknown outcome: no "may have reached" hint',
    async (status) => {
      sandbox.addFault({ method: 'POST', path: '/v1/campaigns', status });
      const r = await cli(create(), { sandbox });
      expectFailure(r, status === 503 ? 7 : 1);
      expect(sandbox.requests('POST')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/may have reached the service/);
    },
  );

  it('campaigns create whose socket closes: one request, outcome unknown, how to check', async () => {
    const before = campaignsBefore();
    sandbox.addFault({ method: 'POST', path: '/v1/campaigns', kind: 'close' });
    const r = await cli(create(), { sandbox });
    expectFailure(r, 1);
    expect(sandbox.requests('POST')).toHaveLength(1);
    expect(r.stderr).toContain(
      'error: POST /v1/campaigns failed: the connection was closed before the response arrived',
    );
    expect(r.stderr).toMatch(/may have reached the service, so it was not repeated/);
    expect(r.stderr).toContain('`voicectl campaigns list`');
    expect(campaignsBefore()).toBe(before);
  });

  it('campaigns create whose response is cut: one request, outcome unknown', async () => {
    sandbox.addFault({ method: 'POST', path: '/v1/campaigns', kind: 'cut' });
    const r = await cli(create(), { sandbox });
    expectFailure(r, 1);
    expect(sandbox.requests('POST')).toHaveLength(1);
    expect(r.stderr).toMatch(/connection broke while the response was arriving/);
    expect(r.stderr).toContain('`voicectl campaigns list`');
  });

  it('campaigns create that times out: one request, says so, outcome unknown', async () => {
    sandbox.addFault({ method: 'POST', path: '/v1/campaigns', latencyMs: 3000 });
    const r = await cli([...create(), '--request-timeout', '0.2'], { sandbox });
    expectFailure(r, 1);
    expect(sandbox.requests('POST')).toHaveLength(1);
    expect(r.stderr).toContain('error: POST /v1/campaigns timed out after 0.2s');
    expect(r.stderr).toContain('`voicectl campaigns list`');
  });

  it('campaigns create answered 2xx with a body that is not JSON: says it was probably done', async () => {
    sandbox.addFault({ method: 'POST', path: '/v1/campaigns', kind: 'not-json' });
    const r = await cli(create(), { sandbox });
    expectFailure(r, 1);
    expect(sandbox.requests('POST')).toHaveLength(1);
    expect(r.stderr).toMatch(/answered 200 with a body that is not JSON: <<this is not json>>/);
    expect(r.stderr).toContain('`voicectl campaigns list`');
  });

  it('campaigns start whose socket closes: one request, outcome unknown, how to check', async () => {
    sandbox.addFault({ method: 'POST', path: '/v1/campaigns/', kind: 'close' });
    const r = await cli(['campaigns', 'start', campaignId], { sandbox });
    expectFailure(r, 1);
    expect(sandbox.requests('POST')).toHaveLength(1);
    expect(sandbox.requests('POST')[0].path).toBe(`/v1/campaigns/${campaignId}/start`);
    expect(r.stderr).toMatch(/may have reached the service/);
    expect(r.stderr).toContain('voicectl campaigns');
  });

  it.each([429, 503, 504])('campaigns start answered %i: one request', async (status) => {
    sandbox.addFault({ method: 'POST', path: '/v1/campaigns/', status });
    const r = await cli(['campaigns', 'start', campaignId], { sandbox });
    expectFailure(r, status === 503 ? 7 : 1);
    expect(sandbox.requests('POST')).toHaveLength(1);
  });

  it('api POST answered 503: one request, exit 7', async () => {
    sandbox.addFault({ method: 'POST', path: '/v1/campaigns', status: 503 });
    const r = await cli(['api', 'POST', '/v1/campaigns', '--input', CAMPAIGN_FILE], { sandbox });
    expectFailure(r, 7);
    expect(sandbox.requests('POST')).toHaveLength(1);
  });

  it.each(['close', 'cut'] as const)(
    'api POST whose connection fails (%s): one request, outcome unknown',
    async (kind) => {
      sandbox.addFault({ method: 'POST', path: '/v1/campaigns', kind });
      const r = await cli(['api', 'POST', '/v1/campaigns', '--input', CAMPAIGN_FILE], { sandbox });
      expectFailure(r, 1);
      expect(sandbox.requests('POST')).toHaveLength(1);
      expect(r.stderr).toMatch(/may have reached the service/);
      expect(r.stderr).toContain('voicectl campaigns list');
    },
  );

  it('a run that POSTs then polls (tts create --wait): its GETs are retried, its POST never is', async () => {
    // Every request to /v1/tts fails with 502: the POST is the first and, unanswered, also the last.
    sandbox.addFault({ path: '/v1/tts', status: 502 });
    const failed = await cli(['tts', 'create', '--text', 'once', '--wait'], {
      sandbox,
      clock: virtualClock(),
    });
    expectFailure(failed, 1);
    expect(sandbox.requests().map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(['POST /v1/tts 502']);
    expect(failed.stderr).toContain('Check with `voicectl tts list` before trying again.');
    sandbox.clearFaults();
    sandbox.log.length = 0;

    // The POST goes through; the GETs of the same run (same client) then meet 502s and are retried.
    sandbox.addFault({ method: 'GET', path: '/v1/tts/', status: 502, times: 2 });
    const r = await cli(['tts', 'create', '--text', 'once', '--wait'], {
      sandbox,
      clock: virtualClock(),
    });
    expect(r.code, r.stderr).toBe(0);
    const log = sandbox.requests();
    expect(log.map((e) => `${e.method} ${e.status}`)).toEqual(['POST 201', 'GET 502', 'GET 502', 'GET 200']);
    const id = parseJson<{ id: string }>(r.stdout).id;
    expect(log.slice(1).every((e) => e.path === `/v1/tts/${id}`)).toBe(true);
  });
});
