// What a failed request says, worded once for every failure of the client: error bodies read leniently (the
// reference does not show their shape, so any of {error:{code,message}}, {error:"..."}, {code,message}, {message},
// plain text or an HTML page gives a message), and each failure's message and hints (below).
import {
  ApiError,
  CliError,
  InterruptedError,
  MalformedResponseError,
  NetworkError,
  SandboxStoppedError,
} from '../errors.js';
import { duration, truncate } from '../io/format.js';
import { findEndpoint } from '../schemas/endpoints.js';
import type { Failure } from './retry.js';

export interface ParsedErrorBody {
  code?: string;
  message?: string;
  requestId?: string;
  details?: { field: string; message: string }[];
}

/** What the service says is shown up to 200 characters: past that, cut with an ellipsis and the full length said. */
const MAX_SAID = 200;
const MAX_DETAILS = 20;

/** `text` up to `max` characters, or cut there with "… (N characters)". */
export function capText(text: string, max = MAX_SAID): string {
  return truncate(text, max, { count: true });
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? capText(v) : undefined);

/** The field errors of a body, each capped, at most MAX_DETAILS of them (then how many more there were). */
function detailsOf(v: unknown): ParsedErrorBody['details'] {
  if (!Array.isArray(v)) return undefined;
  const all = v.filter((d): d is Record<string, unknown> => Boolean(d) && typeof d === 'object');
  const shown = all.slice(0, MAX_DETAILS).map((d) => ({
    field: capText(String(d.field ?? '')),
    message: capText(String(d.message ?? '')),
  }));
  if (all.length > MAX_DETAILS)
    shown.push({ field: '…', message: `and ${(all.length - MAX_DETAILS).toLocaleString('en-US')} more details` });
  return shown;
}

export function parseErrorBody(text: string, contentType = ''): ParsedErrorBody {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || contentType.includes('json')) {
    try {
      const body = JSON.parse(trimmed) as Record<string, unknown>;
      const err = body.error;
      const requestId = str(body.requestId) ?? str(body.request_id);
      if (err && typeof err === 'object') {
        const e = err as Record<string, unknown>;
        const details = detailsOf(e.details);
        return { code: str(e.code), message: str(e.message), requestId: requestId ?? str(e.requestId), details };
      }
      if (typeof err === 'string') return { code: str(body.code), message: str(err), requestId };
      return { code: str(body.code), message: str(body.message) ?? str(body.detail), requestId };
    } catch {
      // not JSON after all: fall through to text
    }
  }
  if (/^<(!doctype|html)/i.test(trimmed)) {
    const heading = (tag: string) =>
      new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'i')
        .exec(trimmed)?.[1]
        ?.replace(/<[^>]*>/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    const title = heading('title') || heading('h1');
    return { message: title ? `HTML page: ${capText(title)}` : 'an HTML page instead of JSON' };
  }
  const firstLine = trimmed.split('\n')[0];
  return { message: firstLine ? capText(firstLine) : undefined };
}

export function excerpt(text: string, max = 120): string {
  // Not \s alone nor trim(): both take U+FEFF (a byte order mark) for a space, and it must stay visible.
  return truncate(text.replace(/[^\S\ufeff]+/g, ' ').replace(/^ | $/g, ''), max);
}

/**
 * A hint for the statuses where a next step is obvious. `invocation`: `voicectl` with the flags that chose the
 * service (--sandbox, --profile), so that `auth status` checks the key that was refused.
 */
function hintsFor(r: FailedRequest, status: number): string[] {
  const { method, path, invocation } = r;
  if (status === 401) {
    return [
      ...(r.key ? [`The key sent: ${r.key}, to ${r.base}.`] : []),
      `The API key was missing or not accepted. Set VOICECTL_API_KEY, or run \`voicectl profiles add <name>\`, then \`${invocation} auth status\` to check it.`,
    ];
  }
  if (status === 403) {
    const ep = findEndpoint(method, path);
    return [
      ep
        ? `${method} ${ep.path} needs the scope ${ep.scope}; use a key that has it (\`${invocation} auth status\` lists what yours can reach).`
        : `The key lacks the scope this endpoint needs; \`${invocation} auth status\` lists what it can reach.`,
    ];
  }
  if (status === 429) return ['The service is rate limiting this key; wait a little and try again.'];
  return [];
}

// The wording of every failure of a request, each said once. The client decides what happened and whether to try
// again (src/api/retry.ts); these say it, with the next step that fits the method: a GET can simply be run again,
// any other request may have been carried out and must be checked first.

/** A request as its failures name it; `invocation` starts the commands in hints (ClientOptions.invocation). */
export interface FailedRequest {
  method: string;
  path: string;
  invocation: string;
  /** The key sent, as a 401 names it (ClientOptions.keyLabel), and the origin it went to. */
  key?: string;
  base?: string;
}

/** The timeout of one attempt as its error says it: --request-timeout as typed, or the time left before a deadline. */
export interface TimeLimit {
  text: string;
  /** Cut by the deadline of a wait, which says itself what happens next. */
  cut: boolean;
}

/** The body is larger than the limit: reading stopped at once, and it is not retried (it would be as large again). */
export class ResponseTooLargeError extends CliError {
  override code = 'response_too_large';
}

const RAISE_TIMEOUT = 'Raise --request-timeout (e.g. --request-timeout 2m) if the service is slow.';

const requestIdHint = (requestId: string | undefined) => (requestId ? [`requestId: ${requestId}`] : []);

/** The list that shows whether a request was carried out, on the same service (--sandbox, --profile). */
function listCommand(r: FailedRequest): string {
  return r.path.startsWith('/v1/campaigns')
    ? `${r.invocation} campaigns list`
    : r.path.startsWith('/v1/tts')
      ? `${r.invocation} tts list`
      : 'a list command';
}

function unknownOutcomeHint(r: FailedRequest): string {
  return `The request may have reached the service, so it was not repeated (that could charge or start twice). Check with \`${listCommand(r)}\` before trying again.`;
}

/** A 2xx to a POST means the service did it: the answer being unreadable must not make anyone repeat it. */
function carriedOut(r: FailedRequest, status: number): string[] {
  return r.method === 'GET' || status < 200 || status >= 300
    ? []
    : [
        `The service answered ${status}, so the request was probably carried out: do not repeat it before checking with \`${listCommand(r)}\`.`,
      ];
}

/** A timeout of a deadline's making says nothing more: the wait that set the deadline says what happens next. */
function timeoutHints(r: FailedRequest, limit: TimeLimit): string[] {
  return limit.cut ? [] : [r.method === 'GET' ? RAISE_TIMEOUT : unknownOutcomeHint(r)];
}

/** The timeout of an attempt that the deadline of a wait cut short. */
export function cutByDeadline(ms: number): string {
  return `${duration(ms, 'seconds')}, cut to end by the deadline`;
}

/** No response head within the attempt's timeout. */
export function timedOut(r: FailedRequest, limit: TimeLimit): NetworkError {
  return new NetworkError(`${r.method} ${r.path} timed out after ${limit.text}`, { hints: timeoutHints(r, limit) });
}

/** The timeout struck while a 2xx body was arriving. */
export function timedOutArriving(
  r: FailedRequest,
  limit: TimeLimit,
  answer: { status: number; requestId?: string },
  cause: unknown,
): NetworkError {
  return new NetworkError(
    `${r.method} ${r.path} timed out after ${limit.text} while the response was arriving (HTTP ${answer.status})`,
    { cause, hints: timeoutHints(r, limit), response: answer },
  );
}

/** The connection broke while a 2xx body was arriving. */
export function cutWhileArriving(r: FailedRequest, status: number, requestId: string | undefined, cause: unknown) {
  return new NetworkError(
    `${r.method} ${r.path}: the connection broke while the response was arriving (HTTP ${status})`,
    {
      cause,
      hints: [...requestIdHint(requestId), r.method === 'GET' ? 'Try again.' : unknownOutcomeHint(r)],
      response: { status, requestId },
    },
  );
}

/** With --sandbox, a refused connection: the background sandbox is gone. */
export function sandboxStopped(r: FailedRequest, host: string, cause: unknown): SandboxStoppedError {
  return new SandboxStoppedError(
    `the background sandbox stopped (voicectl sandbox stop?): nothing answers at ${host} any more; ${r.method} ${r.path} was not sent`,
    {
      cause,
      hints: ['Run the command again: the next --sandbox command starts the sandbox again, with the same state.'],
    },
  );
}

function networkMessage(code: string, host: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return `could not connect to ${host} (connection refused); nothing was sent`;
    case 'ENOTFOUND':
      return `could not resolve ${host}; nothing was sent`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return 'the connection was closed before the response arrived';
    case 'UND_ERR_HEADERS_OVERFLOW':
      return "the service's response headers are larger than 16 KiB (UND_ERR_HEADERS_OVERFLOW)";
    default:
      return `network error (${code})`;
  }
}

/**
 * No answer from `host` (`code`: undici's or the system's). `proxy`: the proxy variable the connection went through,
 * which a refused or unresolved connection may be the fault of.
 */
export function connectionFailed(
  r: FailedRequest,
  code: string,
  host: string,
  proxy: { name: string; where: string; hostname: string } | undefined,
  cause: unknown,
): NetworkError {
  const refused = code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
  const reason = networkMessage(code, host);
  const hints: string[] = [];
  if (refused && proxy)
    hints.push(
      `${proxy.name} is set: the connection goes through the proxy ${proxy.where} (unless NO_PROXY covers ${proxy.hostname}); check that it is reachable.`,
    );
  if (!refused && r.method !== 'GET') hints.push(unknownOutcomeHint(r));
  return Object.assign(new NetworkError(`${r.method} ${r.path} failed: ${reason}`, { cause, hints }), { reason });
}

/** Ctrl-C during a request. A GET is simply interrupted; any other request may already have been carried out. */
export function interrupted(r: FailedRequest, reason: unknown): unknown {
  if (r.method === 'GET') return reason;
  return new InterruptedError(`${r.method} ${r.path} was already sent: its outcome is unknown`, {
    hints: [unknownOutcomeHint(r)],
  });
}

function compressedBody(coding: string): string {
  return `the service answered with a compressed body (content-encoding: ${coding}), which voicectl did not ask for`;
}

/** A 2xx in a content coding voicectl did not ask for: its body is not read. */
export function compressedAnswer(
  r: FailedRequest,
  status: number,
  coding: string,
  requestId: string | undefined,
): MalformedResponseError {
  return new MalformedResponseError(`${r.method} ${r.path} answered ${status}, but ${compressedBody(coding)}`, {
    hints: [...requestIdHint(requestId), ...carriedOut(r, status)],
    response: { status, requestId },
  });
}

function mib(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MiB`
    : `${bytes} bytes`;
}

/** A 2xx body over `limit` bytes; `declared`: its Content-Length said so before a byte was read. */
export function bodyTooLarge(
  r: FailedRequest,
  status: number,
  requestId: string | undefined,
  size: { limit: number; size: number; declared: boolean },
): ResponseTooLargeError {
  return new ResponseTooLargeError(
    `${r.method} ${r.path} answered ${status} with a body larger than ${mib(size.limit)} (${size.declared ? 'it says' : 'more than'} ${mib(size.size)}); stopped reading`,
    {
      hints: [
        ...requestIdHint(requestId),
        r.method === 'GET'
          ? `Ask for less (--limit, a filter), or use \`${r.invocation} api ... --max-body <MiB>\` to raise the limit.`
          : unknownOutcomeHint(r),
      ],
      response: { status, requestId },
    },
  );
}

/** A 3xx. Redirects are never followed: the Authorization header must not travel to another origin. */
export function redirected(
  r: FailedRequest,
  status: number,
  location: string | undefined,
  requestId: string | undefined,
): ApiError {
  return new ApiError(
    {
      status,
      message: `the service redirected to ${location ?? 'another address'}; redirects are not followed`,
      method: r.method,
      path: r.path,
      requestId,
    },
    ['Check the base URL.'],
  );
}

/** What an error response said: its body read leniently, or only its content coding when it is compressed. */
export function errorBodySaid(text: string, contentType: string | undefined, coding: string | undefined) {
  // A compressed body is not read: what would be shown is binary noise.
  return coding ? { message: compressedBody(coding) } : parseErrorBody(text, contentType);
}

/**
 * Any other status, as an ApiError: what the body said, the next step for the status, and when the service asks to
 * be called again (`retryAfterMs`, read at `now` on the time of day).
 */
export function statusError(
  r: FailedRequest,
  answer: { status: number; said: ParsedErrorBody; requestId?: string; retryAfterMs?: number; now: number },
): ApiError {
  const { status, said } = answer;
  // A detail that only repeats the message (a single invalid field) is not printed twice.
  const details = (said.details?.map((d) => `${d.field}: ${d.message}`) ?? []).filter((d) => d !== said.message);
  const retryAfter = status === 429 || status === 503 ? answer.retryAfterMs : undefined;
  const hints = hintsFor(r, status);
  return new ApiError(
    {
      status,
      code: said.code,
      message: said.message ?? `HTTP ${status}`,
      requestId: said.requestId ?? answer.requestId,
      method: r.method,
      path: r.path,
    },
    [
      ...details,
      // When the service says when to come back, that replaces "wait a little".
      ...(retryAfter === undefined
        ? hints
        : [
            ...hints.filter((h) => status !== 429 || !h.includes('wait a little')),
            `The service asks to be called again ${whenAgain(retryAfter, answer.now)}.`,
          ]),
      // A gateway that failed or timed out may have passed the request on: a POST may have been carried out.
      ...(r.method !== 'GET' && (status === 502 || status === 504) ? [unknownOutcomeHint(r)] : []),
    ],
  );
}

/** A 2xx whose body is not JSON. */
export function notJson(r: FailedRequest, status: number, requestId: string | undefined, text: string) {
  return new MalformedResponseError(
    `${r.method} ${r.path} answered ${status} with a body that is not JSON: ${excerpt(text) || '(empty)'}`,
    { hints: [...requestIdHint(requestId), ...carriedOut(r, status)], response: { status, requestId } },
  );
}

/** A 2xx whose JSON is not the documented shape; `issue`: the first thing the schema found wrong. */
export function unexpectedBody(
  r: FailedRequest,
  status: number,
  requestId: string | undefined,
  issue: { path: PropertyKey[]; message: string },
  text: string,
) {
  return new MalformedResponseError(
    `${r.method} ${r.path} answered ${status} with an unexpected body (${issue.path.join('.') || 'body'}: ${issue.message}): ${excerpt(text) || '(empty body)'}`,
    { hints: [...requestIdHint(requestId), ...carriedOut(r, status)], response: { status, requestId } },
  );
}

/** The last hint of a failure after retries. */
export function gaveUp(attempts: number): string {
  return `Gave up after ${attempts} attempts.`;
}

/** Why a failure that could have been retried was not. */
export function notRetried(stop: { why: 'retry-after'; capMs: number } | { why: 'deadline'; waitMs: number }): string {
  return stop.why === 'retry-after'
    ? `Not retried: voicectl waits at most ${duration(stop.capMs, 'seconds')} before a retry.`
    : `Not retried: the next try (in ${duration(stop.waitMs, 'seconds')}) would start after the deadline.`;
}

/** A failure as the --debug log names it: "HTTP 503", "ECONNRESET", "response cut". */
export function failureLabel(failure: Failure): string {
  return failure.kind === 'status'
    ? `HTTP ${failure.status}`
    : failure.kind === 'network'
      ? failure.code
      : 'response cut';
}

/** Told before a retry that waits: "rate limited (HTTP 429); retrying in 8 s (attempt 2 of 4)". */
export function retryNotice(failure: Failure, ms: number, attempt: number, attempts: number): string {
  const why =
    failure.kind === 'status'
      ? failure.status === 429
        ? 'rate limited (HTTP 429)'
        : `HTTP ${failure.status}`
      : failure.kind === 'network'
        ? `network error (${failure.code})`
        : 'response cut';
  return `${why}; retrying in ${duration(ms, 'seconds')} (attempt ${attempt} of ${attempts})`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * When the service asks to be called again, `ms` after `now`, relative and in local time: "in 40 s",
 * "in 5 min (at 14:05)", "at 14:05 (in 2 h 10 min)", "in 11 days (on 2026-12-06 at 14:05)".
 */
export function whenAgain(ms: number, now: number): string {
  const at = new Date(now + ms);
  const clock = `${pad2(at.getHours())}:${pad2(at.getMinutes())}`;
  const about = duration(ms, 'rounded');
  if (ms < 60_000) return `in ${about}`;
  if (Math.round(ms / 60_000) < 60) return `in ${about} (at ${clock})`;
  if (ms < 86_400_000) {
    const tomorrow = at.toDateString() !== new Date(now).toDateString() ? ' tomorrow' : '';
    return `at ${clock}${tomorrow} (in ${about})`;
  }
  const date = `${at.getFullYear()}-${pad2(at.getMonth() + 1)}-${pad2(at.getDate())}`;
  return `in ${about} (on ${date} at ${clock})`;
}
