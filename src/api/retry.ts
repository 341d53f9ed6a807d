// When a failed request is tried again, and how long each try may take: pure functions of the attempt, the failure
// and the clock, so that every rule is tested without a server (test/api/retry.test.ts). The client sleeps, sends
// and words the outcome; nothing here does I/O.

/** What went wrong with one attempt, as far as retrying is concerned. */
export type Failure =
  /** The service answered with an error status; `retryAfterMs` is its Retry-After, when it gave a valid one. */
  | { kind: 'status'; status: number; retryAfterMs?: number }
  /** No answer: the connection failed or broke before the response's head (`code`: ECONNRESET, ENOTFOUND, ...). */
  | { kind: 'network'; code: string }
  /** A 2xx whose body broke off halfway. */
  | { kind: 'cut' };

export interface RetryRules {
  /** Retries of a GET (3 unless the client was given another number). */
  retries: number;
  /** First backoff step; doubles each retry, with ±20% jitter. */
  baseMs: number;
  /** Longest Retry-After honoured. */
  retryAfterCapMs: number;
}

export interface RetryInput {
  method: string;
  /** The attempt that just failed, from 0. */
  attempt: number;
  failure: Failure;
  /** The monotonic clock now, and the deadline of the whole request on it (RequestOptions.deadline). */
  now: number;
  deadline?: number;
  /** A number in [0, 1) for the jitter (Math.random() in the client). */
  random: number;
}

export type RetryDecision =
  | { kind: 'wait'; ms: number /** Attempts in all, this one included. */; attempts: number }
  /** Not retried: the failure is final, or the retries are used up. */
  | { kind: 'stop'; why: 'final' }
  /** The service asks for a longer wait than voicectl makes: said at once rather than slept through. */
  | { kind: 'stop'; why: 'retry-after'; capMs: number }
  /** The next try would start after the deadline. */
  | { kind: 'stop'; why: 'deadline'; waitMs: number };

/** Statuses that say "not now" (rate limited, a gateway or the service briefly down), not "never". */
const RETRY_STATUS = new Set([429, 502, 503, 504]);
/** Network failures that a second try may not meet: a dropped connection, a refused one, a DNS hiccup. */
const RETRY_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'EAI_AGAIN',
  'UND_ERR_CLOSED',
]);

export const DEFAULT_RETRY_RULES: RetryRules = { retries: 3, baseMs: 300, retryAfterCapMs: 20_000 };

/** The retries a request may make: only a GET is repeated, since any other request may have been carried out. */
function retriesFor(method: string, rules: RetryRules): number {
  return method === 'GET' ? rules.retries : 0;
}

function isRetryable(failure: Failure): boolean {
  if (failure.kind === 'status') return RETRY_STATUS.has(failure.status);
  if (failure.kind === 'network') return RETRY_CODES.has(failure.code);
  return true;
}

/** Whether to try again after a failed attempt, and after how long. */
export function retryDecision(input: RetryInput, rules: RetryRules = DEFAULT_RETRY_RULES): RetryDecision {
  const retries = retriesFor(input.method, rules);
  if (input.attempt >= retries || !isRetryable(input.failure)) return { kind: 'stop', why: 'final' };
  const retryAfter = input.failure.kind === 'status' ? input.failure.retryAfterMs : undefined;
  if (retryAfter !== undefined && retryAfter > rules.retryAfterCapMs)
    return { kind: 'stop', why: 'retry-after', capMs: rules.retryAfterCapMs };
  const ms = retryAfter ?? rules.baseMs * 2 ** input.attempt * (0.8 + input.random * 0.4);
  if (input.deadline !== undefined && input.now + ms >= input.deadline)
    return { kind: 'stop', why: 'deadline', waitMs: ms };
  return { kind: 'wait', ms, attempts: retries + 1 };
}

/** The shortest timeout of an attempt cut by a deadline: the last look of a wait, made at its deadline, must still get an answer. */
const MIN_ATTEMPT_MS = 1000;

/**
 * The timeout of one attempt: the request timeout, or the time left before the deadline when that is shorter
 * (`cut`), but never under MIN_ATTEMPT_MS.
 */
export function attemptTimeout(timeoutMs: number, now: number, deadline?: number): { ms: number; cut: boolean } {
  const left = deadline === undefined ? Number.POSITIVE_INFINITY : Math.max(MIN_ATTEMPT_MS, Math.ceil(deadline - now));
  return left < timeoutMs ? { ms: left, cut: true } : { ms: timeoutMs, cut: false };
}

/**
 * Retry-After in milliseconds: delay-seconds or an HTTP-date (RFC 9110 10.2.3), read against `now` (the time of
 * day). Anything else (a negative number, a number with a unit, text that Date.parse happens to read, such as "-5")
 * is treated as absent: the usual backoff.
 */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v) * 1000;
  // An HTTP-date names its month in letters ("Sun, 06 Nov 1994 08:49:37 GMT"); a bare number is not a date.
  if (!/\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i.test(v) || !/\d{2}:\d{2}:\d{2}/.test(v))
    return undefined;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
