// The retry policy on its own: a pure function of the attempt, the failure and the clock, so no server is needed.
import { describe, expect, it } from 'vitest';
import { attemptTimeout, type Failure, type RetryInput, retryDecision } from '../../src/api/retry.js';

const rules = { retries: 3, baseMs: 300, retryAfterCapMs: 20_000 };
const status = (s: number, retryAfterMs?: number): Failure => ({ kind: 'status', status: s, retryAfterMs });
const decide = (over: Partial<RetryInput> = {}) =>
  retryDecision({ method: 'GET', attempt: 0, failure: status(503), now: 0, random: 0.5, ...over }, rules);

describe('what is retried', () => {
  it.each([429, 502, 503, 504])('a GET answered %i', (s) => {
    expect(decide({ failure: status(s) }).kind).toBe('wait');
  });

  it.each([400, 401, 403, 404, 409, 422, 500, 501, 505])('not a GET answered %i', (s) => {
    expect(decide({ failure: status(s) })).toEqual({ kind: 'stop', why: 'final' });
  });

  it.each(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'EAI_AGAIN', 'UND_ERR_CLOSED'])(
    'a GET whose connection failed with %s',
    (code) => {
      expect(decide({ failure: { kind: 'network', code } }).kind).toBe('wait');
    },
  );

  it.each(['ENOTFOUND', 'UND_ERR_HEADERS_OVERFLOW', 'CERT_HAS_EXPIRED'])('not a GET failing with %s', (code) => {
    expect(decide({ failure: { kind: 'network', code } })).toEqual({ kind: 'stop', why: 'final' });
  });

  it('a GET whose body broke off halfway', () => {
    expect(decide({ failure: { kind: 'cut' } }).kind).toBe('wait');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never a %s, whatever the failure', (method) => {
    for (const failure of [status(503), status(429, 1000), { kind: 'network', code: 'ECONNRESET' } as const])
      expect(decide({ method, failure })).toEqual({ kind: 'stop', why: 'final' });
  });
});

describe('how many times', () => {
  it('three retries, four attempts in all: the attempt numbered 3 (the fourth) is the last', () => {
    expect(decide({ attempt: 2 })).toMatchObject({ kind: 'wait', attempts: 4 });
    expect(decide({ attempt: 3 })).toEqual({ kind: 'stop', why: 'final' });
  });

  it('none when the rules allow none', () => {
    expect(
      retryDecision({ method: 'GET', attempt: 0, failure: status(503), now: 0, random: 0 }, { ...rules, retries: 0 }),
    ).toEqual({ kind: 'stop', why: 'final' });
  });
});

describe('how long to wait', () => {
  it('doubles from the base step, with jitter of ±20%', () => {
    expect([0, 1, 2].map((attempt) => decide({ attempt, random: 0.5 }))).toEqual([
      { kind: 'wait', ms: 300, attempts: 4 },
      { kind: 'wait', ms: 600, attempts: 4 },
      { kind: 'wait', ms: 1200, attempts: 4 },
    ]);
    expect(decide({ random: 0 })).toMatchObject({ ms: 240 });
    expect((decide({ random: 0.999_999 }) as { ms: number }).ms).toBeCloseTo(360, 3);
  });

  it('a Retry-After replaces the backoff, jitter and all', () => {
    expect(decide({ failure: status(429, 1000), random: 0 })).toMatchObject({ kind: 'wait', ms: 1000 });
    expect(decide({ failure: status(503, 0) })).toMatchObject({ kind: 'wait', ms: 0 });
  });

  it('a Retry-After up to the cap is waited; one past it stops at once, naming the cap', () => {
    expect(decide({ failure: status(429, 20_000) })).toMatchObject({ kind: 'wait', ms: 20_000 });
    expect(decide({ failure: status(429, 20_001) })).toEqual({ kind: 'stop', why: 'retry-after', capMs: 20_000 });
  });

  it('a retry that would start at or after the deadline is not made', () => {
    // 300 ms of backoff from t=1000: the retry starts at 1300.
    expect(decide({ now: 1000, deadline: 1301 })).toMatchObject({ kind: 'wait', ms: 300 });
    expect(decide({ now: 1000, deadline: 1300 })).toEqual({ kind: 'stop', why: 'deadline', waitMs: 300 });
    expect(decide({ now: 1000, deadline: 900 })).toEqual({ kind: 'stop', why: 'deadline', waitMs: 300 });
  });

  it('the cap is checked before the deadline: a long Retry-After is said as such', () => {
    expect(decide({ failure: status(429, 60_000), now: 0, deadline: 1 })).toMatchObject({ why: 'retry-after' });
  });
});

describe('the timeout of one attempt', () => {
  it('is the request timeout without a deadline, or with one further away', () => {
    expect(attemptTimeout(30_000, 0)).toEqual({ ms: 30_000, cut: false });
    expect(attemptTimeout(30_000, 0, 30_000)).toEqual({ ms: 30_000, cut: false });
  });

  it('is cut to the time left, rounded up to the millisecond, when the deadline is nearer', () => {
    expect(attemptTimeout(30_000, 0, 29_999)).toEqual({ ms: 29_999, cut: true });
    expect(attemptTimeout(30_000, 0.5, 5_000)).toEqual({ ms: 5_000, cut: true });
  });

  it('is never under a second, even at or past the deadline', () => {
    expect(attemptTimeout(30_000, 0, 1_000)).toEqual({ ms: 1_000, cut: true });
    expect(attemptTimeout(30_000, 0, 999)).toEqual({ ms: 1_000, cut: true });
    expect(attemptTimeout(30_000, 10_000, 0)).toEqual({ ms: 1_000, cut: true });
  });

  it('a request timeout under a second is kept when the deadline is further', () => {
    expect(attemptTimeout(500, 0, 10_000)).toEqual({ ms: 500, cut: false });
    expect(attemptTimeout(500, 0, 0)).toEqual({ ms: 500, cut: false });
  });
});
