// The one HTTP client of the API. It joins the base URL, authenticates, sends through the transport (transport.ts),
// tries again when the retry policy says so (retry.ts), logs for --debug with the key redacted, and turns every
// failure into a typed CliError, worded in errors.ts.
import type { Dispatcher } from 'undici';
import * as z from 'zod/mini';
import { API_KEY_RULE, apiKeyProblem } from '../config/key.js';
import { AuthConfigError, CliError, InterruptedError, SandboxStoppedError, UsageError } from '../errors.js';
import { monotonicNow } from '../io/clock.js';
import { sleep } from '../io/sleep.js';
import { type Effects, recordEffect } from './effect.js';
import {
  bodyTooLarge,
  capText,
  compressedAnswer,
  connectionFailed,
  cutByDeadline,
  cutWhileArriving,
  errorBodySaid,
  excerpt,
  type FailedRequest,
  failureLabel,
  gaveUp,
  interrupted,
  notJson,
  notRetried,
  redirected,
  ResponseTooLargeError,
  retryNotice,
  sandboxStopped,
  statusError,
  type TimeLimit,
  timedOut,
  timedOutArriving,
  unexpectedBody,
} from './errors.js';
import { MAX_BODY_BYTES } from './limits.js';
import { redactor } from './redact.js';
import {
  attemptTimeout,
  DEFAULT_RETRY_RULES,
  type Failure,
  parseRetryAfter,
  type RetryRules,
  retryDecision,
} from './retry.js';
import {
  type Body,
  contentCoding,
  headerValue,
  type Headers,
  isLoopback,
  readBounded,
  Transport,
} from './transport.js';

export { parseRetryAfter } from './retry.js';
export { whenAgain } from './errors.js';

export type Query = Record<string, string | number | boolean | undefined>;

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Per-request timeout in milliseconds. */
  timeoutMs: number;
  /** The same as the user typed it ("0.5s"), for the message. */
  timeoutText?: string;
  userAgent: string;
  /** Retries of a GET after a network error, 429, 502, 503 or 504. */
  retries?: number;
  /** First backoff step in milliseconds; doubles each retry, with jitter. */
  retryBaseMs?: number;
  /** Longest Retry-After honoured, in milliseconds. */
  retryAfterCapMs?: number;
  /** Largest response body read whole (JSON), in bytes; MAX_BODY_BYTES by default. */
  maxBodyBytes?: number;
  debug?: (line: string) => void;
  env?: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** Waits between retries; a real timer unless a test passes its own clock. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock an HTTP-date Retry-After is read against (the time of day). */
  now?: () => number;
  /** The clock of RequestOptions.deadline: monotonic (src/io/clock.ts), so that a step of the time of day moves no deadline. */
  monotonic?: () => number;
  /** Where a request that changed something (not a GET) and succeeded is recorded, for the errors that follow. */
  effects?: Effects;
  /**
   * `voicectl` with the flags that chose the service (Factory.invocation), for the commands in hints ("Check with
   * `voicectl --sandbox campaigns list`"): pasted, they reach the same service. `voicectl` by default.
   */
  invocation?: string;
  /**
   * Told before each retry that waits ("rate limited; retrying in 8 s (attempt 2 of 4)"): on a terminal or with
   * --debug, since a silent wait looks like a hang. Without it the line goes to the --debug log only.
   */
  notice?: (line: string) => void;
  /**
   * The base URL is the background sandbox of --sandbox: a refused connection means it stopped, said as such
   * (SandboxStoppedError) and not retried.
   */
  sandbox?: boolean;
  /** Run on every new connection before a request is sent on it (the background sandbox's proof, sandbox/prove.ts). */
  proveConnection?: (socket: import('node:net').Socket) => Promise<void>;
}

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** This request's own limit on the body read whole (`api --max-body`). */
  maxBodyBytes?: number;
  /**
   * When the whole request must be over, retries included, on the `monotonic` clock (a wait's --timeout): each attempt's
   * timeout is cut to the time left (never under a second), and a retry that would start after it is not made.
   */
  deadline?: number;
  /** Told of a retry that waits instead of ClientOptions.notice (a spinner shows it in its own line). */
  onRetry?: (line: string) => void;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  requestId?: string;
  body: Body;
  /** The whole body, when the request asked for it with `read` (the stream is then consumed). */
  text?: string;
  /**
   * The signals that bound the transfer (the --timeout and Ctrl-C). A caller that streams the body must keep this
   * referenced until it is done: on Node 20, a signal of AbortSignal.timeout or AbortSignal.any that nothing
   * references is collected and never fires, and the transfer would run unbounded.
   */
  signals: AbortSignal[];
}

export interface JsonResponse<T> {
  status: number;
  requestId?: string;
  body: T;
}

/** An error body is read for its message only. */
const MAX_ERROR_BODY_BYTES = 1024 * 1024;

type Req = RequestOptions & { auth?: boolean; read?: boolean };
/** One attempt: a response to return, or a failure that the retry policy judges, with the error to throw if final. */
type Attempt = { kind: 'ok'; response: RawResponse } | { kind: 'failed'; failure: Failure; error: CliError };
/** The signals of one attempt: its --request-timeout, Ctrl-C (outer), and both at once. */
interface Signals {
  timeout: AbortSignal;
  outer?: AbortSignal;
  signal: AbortSignal;
  /** The timeout of this attempt: --request-timeout, or the time left before the deadline. */
  limit: TimeLimit & { ms: number };
}

/**
 * Encodes one path parameter so that `/`, `?`, `#` or `%` can never change the endpoint. A parameter that is
 * empty, "." or ".." cannot be sent at all: URL parsers resolve those segments (even as %2E%2E) and the
 * request would reach another endpoint.
 */
export function encodePathParam(value: string): string {
  if (value === '' || value === '.' || value === '..') {
    throw new UsageError(`"${value}" is not a valid ID`, {
      hints: ['IDs are the values printed by the create and list commands.'],
    });
  }
  return encodeURIComponent(value);
}

/** Tagged template for paths: path`/v1/tts/${id}` encodes each parameter. */
export function path(strings: TemplateStringsArray, ...params: (string | number)[]): string {
  return strings.reduce((acc, s, i) => acc + s + (i < params.length ? encodePathParam(String(params[i])) : ''), '');
}

/** Checks the base URL: a valid http(s) URL, and plain http only to loopback (the key would travel in clear). */
export function checkBaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`base URL "${raw}" is not a valid URL`, {
      hints: ['Give a full URL such as https://api.example.com (--base-url, VOICECTL_BASE_URL or a profile).'],
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`base URL "${raw}" must start with https://`);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new UsageError(`refusing to send the API key over plain http:// to ${url.hostname}`, {
      hints: [
        'Use https://. Plain http:// is accepted only for loopback addresses (localhost, 127.0.0.1, ::1), such as the sandbox.',
      ],
    });
  }
  return url;
}

export function buildUrl(base: URL, p: string, query?: Query): string {
  const prefix = base.pathname.replace(/\/+$/, '');
  let url = `${base.origin}${prefix}${p.startsWith('/') ? p : `/${p}`}`;
  if (query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) qs.append(k, String(v));
    const s = qs.toString();
    if (s) url += `${url.includes('?') ? '&' : '?'}${s}`;
  }
  return url;
}

export class ApiClient {
  readonly base: URL;
  private readonly transport: Transport;
  private readonly redact: (s: string) => string;
  /** The start of the commands printed in hints (ClientOptions.invocation). */
  private readonly invocation: string;
  private readonly rules: RetryRules;

  constructor(private readonly opts: ClientOptions) {
    this.invocation = opts.invocation ?? 'voicectl';
    this.base = checkBaseUrl(opts.baseUrl);
    // The config checks every key where it is read and names its source; this is the last guard before a header.
    const problem = apiKeyProblem(opts.apiKey);
    if (problem) throw new AuthConfigError(`the API key cannot be used: ${problem}`, { hints: [`${API_KEY_RULE}.`] });
    this.transport = new Transport(opts.env ?? {}, opts.proveConnection);
    this.redact = redactor([opts.apiKey, ...this.transport.secrets()]);
    this.rules = {
      retries: opts.retries ?? DEFAULT_RETRY_RULES.retries,
      baseMs: opts.retryBaseMs ?? DEFAULT_RETRY_RULES.baseMs,
      retryAfterCapMs: opts.retryAfterCapMs ?? DEFAULT_RETRY_RULES.retryAfterCapMs,
    };
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  private log(line: string) {
    this.opts.debug?.(this.redact(line));
  }

  /** Error messages quote what the service answered, which may echo the key: redact it there too. */
  private scrub(err: unknown): unknown {
    if (err instanceof CliError) {
      err.message = this.redact(err.message);
      err.hints = err.hints.map(this.redact);
    }
    return err;
  }

  private named(req: Req): FailedRequest {
    return { method: req.method, path: req.path, invocation: this.invocation };
  }

  /**
   * A request whose response body is streamed by the caller (downloads), or read whole with `read` (then a GET
   * whose body breaks off halfway is retried like any other network error). Errors are still typed.
   */
  async raw(req: RequestOptions & { absoluteUrl?: string; auth?: boolean; read?: boolean }): Promise<RawResponse> {
    const url = req.absoluteUrl ?? buildUrl(this.base, req.path, req.query);
    // The last error, with the number of attempts when there were several; an interruption says only itself.
    const final = (err: unknown, attempt: number) => {
      if (attempt > 0 && err instanceof CliError && !(err instanceof InterruptedError))
        err.hints.push(gaveUp(attempt + 1));
      return this.scrub(err);
    };
    for (let attempt = 0; ; attempt++) {
      let res: Attempt;
      try {
        res = await this.once(req, url);
      } catch (err) {
        throw final(err, attempt);
      }
      if (res.kind === 'ok') {
        recordEffect(this.opts.effects, req, res.response, this.redact);
        return res.response;
      }
      const decision = retryDecision(
        {
          method: req.method,
          attempt,
          failure: res.failure,
          now: (this.opts.monotonic ?? monotonicNow)(),
          deadline: req.deadline,
          random: Math.random(),
        },
        this.rules,
      );
      if (decision.kind === 'stop') {
        if (decision.why !== 'final') res.error.hints.push(notRetried(decision));
        throw final(res.error, attempt);
      }
      this.log(
        `* retry ${attempt + 1}/${decision.attempts - 1} in ${Math.round(decision.ms)} ms (${failureLabel(res.failure)})`,
      );
      (req.onRetry ?? this.opts.notice)?.(
        this.redact(retryNotice(res.failure, decision.ms, attempt + 2, decision.attempts)),
      );
      await (this.opts.sleep ?? sleep)(decision.ms, req.signal ?? this.opts.signal);
    }
  }

  /** The signals of one attempt, its timeout cut by the request's deadline. */
  private signals(req: Req): Signals {
    const t = attemptTimeout(this.opts.timeoutMs, (this.opts.monotonic ?? monotonicNow)(), req.deadline);
    const limit = {
      ms: t.ms,
      cut: t.cut,
      text: t.cut ? cutByDeadline(t.ms) : (this.opts.timeoutText ?? `${this.opts.timeoutMs / 1000}s`),
    };
    const timeout = AbortSignal.timeout(limit.ms);
    const outer = req.signal ?? this.opts.signal;
    return { timeout, outer, signal: outer ? AbortSignal.any([timeout, outer]) : timeout, limit };
  }

  /** One attempt: send, then read the answer as a success, a failure for the retry policy, or a final error. */
  private async once(req: Req, url: string): Promise<Attempt> {
    const { headers, body } = this.prepare(req);
    const signals = this.signals(req);
    const started = monotonicNow();
    this.logRequest(req, url, headers, body);
    const sent = await this.send(req, new URL(url), { headers, body }, signals, started);
    if ('kind' in sent) return sent;
    const res = sent;
    const said = headerValue(res.headers, 'x-request-id');
    const requestId = said ? capText(said) : undefined;
    this.log(
      `< ${res.statusCode} ${Math.round(monotonicNow() - started)} ms${requestId ? ` requestId=${requestId}` : ''}`,
    );
    if (res.statusCode >= 200 && res.statusCode < 300) return this.success(req, res, requestId, signals);
    if (res.statusCode >= 300 && res.statusCode < 400) {
      await res.body.dump();
      throw redirected(this.named(req), res.statusCode, headerValue(res.headers, 'location'), requestId);
    }
    const now = (this.opts.now ?? Date.now)();
    const retryAfterMs = parseRetryAfter(headerValue(res.headers, 'retry-after'), now);
    return {
      kind: 'failed',
      failure: { kind: 'status', status: res.statusCode, retryAfterMs },
      error: await this.failure(req, res, requestId, retryAfterMs, now),
    };
  }

  /** The headers and the JSON body of a request. */
  private prepare(req: Req): { headers: Record<string, string>; body?: string } {
    const headers: Record<string, string> = {
      accept: 'application/json',
      // Without it the service may use any content coding (RFC 9110 12.5.3); voicectl reads bodies as they come.
      'accept-encoding': 'identity',
      'user-agent': this.opts.userAgent,
    };
    if (req.auth !== false) headers.authorization = `Bearer ${this.opts.apiKey}`;
    if (req.body === undefined) return { headers };
    headers['content-type'] = 'application/json';
    return { headers, body: JSON.stringify(req.body) };
  }

  private logRequest(req: Req, url: string, headers: Record<string, string>, body: string | undefined): void {
    this.log(`> ${req.method} ${url}`);
    for (const [k, v] of Object.entries(headers))
      this.log(`> ${k}: ${k === 'authorization' ? 'Bearer [redacted]' : v}`);
    if (body !== undefined) this.log(`> ${excerpt(body, 2000)}`);
  }

  /** Sends the request: the response's head, a network failure for the retry policy, or a final error. */
  private async send(
    req: Req,
    target: URL,
    content: { headers: Record<string, string>; body?: string },
    { timeout, outer, signal, limit }: Signals,
    started: number,
  ): Promise<Dispatcher.ResponseData | Attempt> {
    const send = await this.transport.sender(target);
    // Ctrl-C before anything left: nothing was sent, whatever the method.
    if (outer?.aborted) throw outer.reason;
    try {
      return await send({ method: req.method, ...content, signal, timeoutMs: limit.ms });
    } catch (err) {
      const r = this.named(req);
      if (outer?.aborted) throw interrupted(r, outer.reason);
      const code = (err as { code?: string }).code ?? (err as Error).name;
      this.log(`< network error ${code} after ${Math.round(monotonicNow() - started)} ms`);
      if (timeout.aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
        throw timedOut(r, limit);
      // With --sandbox the base URL is the background sandbox: a refused connection means it stopped.
      if (this.opts.sandbox && code === 'ECONNREFUSED') throw sandboxStopped(r, this.base.host, err);
      // A connection that could not prove it reaches the sandbox (proveConnection): nothing was sent on it.
      if (err instanceof SandboxStoppedError) throw err;
      const error = connectionFailed(r, code, this.base.host, this.transport.proxyFor(this.base), err);
      return { kind: 'failed', failure: { kind: 'network', code }, error };
    }
  }

  /** A 2xx: the body left to the caller, or read whole (bounded) with `read`; a GET cut halfway may be retried. */
  private async success(
    req: Req,
    res: Dispatcher.ResponseData,
    requestId: string | undefined,
    { timeout, outer, signal, limit: timeLimit }: Signals,
  ): Promise<Attempt> {
    const r = this.named(req);
    const status = res.statusCode;
    const response: RawResponse = {
      status,
      headers: res.headers,
      requestId,
      body: res.body,
      signals: [signal, timeout],
    };
    const coding = contentCoding(res.headers);
    if (coding) {
      // dump(), not destroy(): a body destroyed with nothing reading it raises an error of its own (AbortError).
      await res.body.dump().catch(() => undefined);
      throw compressedAnswer(r, status, coding, requestId);
    }
    if (!req.read) return { kind: 'ok', response };
    const limit = req.maxBodyBytes ?? this.opts.maxBodyBytes ?? MAX_BODY_BYTES;
    const tooLarge = (size: number, declared = false) => bodyTooLarge(r, status, requestId, { limit, size, declared });
    const declared = Number(headerValue(res.headers, 'content-length'));
    try {
      // A declared length over the limit is refused before a byte of the body is read.
      if (Number.isFinite(declared) && declared > limit) {
        res.body.destroy();
        throw tooLarge(declared, true);
      }
      response.text = await readBounded(res.body, limit, tooLarge);
      return { kind: 'ok', response };
    } catch (err) {
      if (err instanceof ResponseTooLargeError) throw err;
      if (outer?.aborted) throw interrupted(r, outer.reason);
      this.log(
        `< the connection broke while the body was arriving (${(err as { code?: string }).code ?? (err as Error).name})`,
      );
      if (timeout.aborted) throw timedOutArriving(r, timeLimit, { status, requestId }, err);
      return { kind: 'failed', failure: { kind: 'cut' }, error: cutWhileArriving(r, status, requestId, err) };
    }
  }

  /** An error status: the body read (bounded) for its message. */
  private async failure(
    req: Req,
    res: Dispatcher.ResponseData,
    requestId: string | undefined,
    retryAfterMs: number | undefined,
    now: number,
  ) {
    const coding = contentCoding(res.headers);
    const text = await readBounded(res.body, MAX_ERROR_BODY_BYTES).catch(() => '');
    if (!coding) this.log(`< ${excerpt(text, 2000)}`);
    const said = errorBodySaid(text, headerValue(res.headers, 'content-type'), coding);
    return statusError(this.named(req), { status: res.statusCode, said, requestId, retryAfterMs, now });
  }

  /** A JSON request checked against `schema`. */
  async json<S extends z.core.$ZodType>(req: RequestOptions, schema: S): Promise<JsonResponse<z.infer<S>>> {
    try {
      return await this.parseJson(req, schema);
    } catch (err) {
      throw this.scrub(err);
    }
  }

  private async parseJson<S extends z.core.$ZodType>(
    req: RequestOptions,
    schema: S,
  ): Promise<JsonResponse<z.infer<S>>> {
    const res = await this.raw({ ...req, read: true });
    // A byte order mark before the JSON is allowed to be ignored (RFC 8259 8.1).
    const text = (res.text ?? '').replace(/^\ufeff/, '');
    // Only with --debug: flattening a 30 KB page for a log line nobody reads costs ~0.1 ms a page.
    if (text.length > 0 && this.opts.debug) this.log(`< ${excerpt(text, 2000)}`);
    let parsed: unknown;
    try {
      parsed = text === '' ? {} : JSON.parse(text);
    } catch {
      throw notJson(this.named(req), res.status, res.requestId, text);
    }
    // Without zod's JIT (a `new Function` compiled per object schema on its first parse): a one-shot command
    // parses one or a few bodies, and the compile costs more than it saves. Measured (callgrind, `tts get`):
    // Node 24.21 418 M instructions with it, 410 M without; Node 20.20 935 M, 921 M. A list page of 100 records
    // parses ~0.2 ms slower without it, ~1.5% of `tts list --all` over 100 pages.
    const result = z.safeParse(schema, parsed, { jitless: true });
    const said = (parsed as { requestId?: unknown } | null)?.requestId;
    const requestId = typeof said === 'string' && said !== '' ? capText(said) : res.requestId;
    if (!result.success) throw unexpectedBody(this.named(req), res.status, requestId, result.error.issues[0], text);
    return { status: res.status, requestId, body: result.data };
  }
}
