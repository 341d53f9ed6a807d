// The one HTTP client (undici). It joins the base URL, authenticates, times out, retries what is safe
// to retry, logs for --debug with the key redacted, and turns every failure into a typed CliError.
import type { Dispatcher } from 'undici';
import * as z from 'zod/mini';
import { API_KEY_RULE, apiKeyProblem } from '../config/key.js';
import {
  ApiError,
  AuthConfigError,
  CliError,
  InterruptedError,
  MalformedResponseError,
  NetworkError,
  SandboxStoppedError,
  UsageError,
} from '../errors.js';
import { type Effects, recordEffect } from './effect.js';
import { capText, excerpt, hintsFor, parseErrorBody } from './errors.js';
import { MAX_BODY_BYTES } from './limits.js';
import { redactor, urlSecrets } from './redact.js';
import { monotonicNow } from '../io/clock.js';
import { sleep } from '../io/sleep.js';

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

/** An error body is read for its message only. */
const MAX_ERROR_BODY_BYTES = 1024 * 1024;

/** The body is larger than the limit: reading stopped at once, and it is not retried (it would be as large again). */
class ResponseTooLargeError extends CliError {
  override code = 'response_too_large';
}

/**
 * Reads a body up to `limit` bytes. Past it, the connection is dropped at once and `onTooLarge` says what to
 * throw, or (without it) what arrived so far is kept.
 */
async function readBounded(
  body: Dispatcher.ResponseData['body'],
  limit: number,
  onTooLarge?: (size: number) => Error,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (size + chunk.length > limit) {
      body.destroy();
      if (onTooLarge) throw onTooLarge(size + chunk.length);
      chunks.push(chunk.subarray(0, limit - size));
      size = limit;
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  requestId?: string;
  body: Dispatcher.ResponseData['body'];
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

type Req = RequestOptions & { auth?: boolean; read?: boolean };
/** A failure that may be retried, with the error to throw when it is not. */
type Retry = { kind: 'retry'; reason: string; retryAfterMs?: number; error: CliError };
type Attempt = { kind: 'ok'; response: RawResponse } | Retry;
/** The signals of one attempt: its --request-timeout, Ctrl-C (outer), and both at once. */
interface Signals {
  timeout: AbortSignal;
  outer?: AbortSignal;
  signal: AbortSignal;
  /** The timeout of this attempt as said in its error: --request-timeout, or the time left before the deadline. */
  limit: { ms: number; text: string; cut: boolean };
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;
/** 127.0.0.0/8, ::1 or localhost (as URL.hostname gives them: "[::1]"). */
const isLoopback = (hostname: string) => LOOPBACK.test(hostname);
const RETRY_STATUS = new Set([429, 502, 503, 504]);
const RETRY_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'EAI_AGAIN',
  'UND_ERR_CLOSED',
]);

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

function headerValue(h: RawResponse['headers'], name: string): string | undefined {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Retry-After in milliseconds: delay-seconds or an HTTP-date (RFC 9110 10.2.3). Anything else (a negative number,
 * a number with a unit, text that Date.parse happens to read, such as "-5") is treated as absent: the usual backoff.
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

/**
 * A proxy variable must be an http(s) URL: `user:pw@host:99` (no scheme) parses as a URL of scheme "user:", and
 * undici would fail later with an error of its own. Checked before any request; the credentials never printed.
 */
function checkProxy(p: { name: string; url: string } | undefined): void {
  if (!p) return;
  let protocol: string | undefined;
  try {
    protocol = new URL(p.url).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    const shown = p.url.replace(/^([^@/]*:\/\/)?[^@/]*@/, (_m, scheme = '') => `${scheme}[redacted]@`);
    throw new UsageError(`${p.name} must be a URL starting with http:// or https:// (got "${shown}")`, {
      hints: [`For example: ${p.name}=http://proxy.example.com:3128`],
    });
  }
}

/** The proxy variables voicectl was given, as undici's EnvHttpProxyAgent reads them (upper case first). */
function proxyEnv(env: Record<string, string | undefined>) {
  const pick = (...names: string[]) => {
    const name = names.find((n) => env[n]);
    return name ? { name, url: env[name]! } : undefined;
  };
  return {
    http: pick('HTTP_PROXY', 'http_proxy'),
    https: pick('HTTPS_PROXY', 'https_proxy'),
    noProxy: env.NO_PROXY || env.no_proxy || undefined,
  };
}

type Undici = typeof import('./undici.js');
let undici: Promise<Undici> | undefined;
/** undici is imported on the first request, so that importing this module (and `--help`) stays cheap. */
const loadUndici = () => (undici ??= import('./undici.js'));

/** The shortest timeout of an attempt cut by a deadline (RequestOptions.deadline). */
const MIN_ATTEMPT_MS = 1000;

const RAISE_TIMEOUT = 'Raise --request-timeout (e.g. --request-timeout 2m) if the service is slow.';

export class ApiClient {
  readonly base: URL;
  /** Direct connections (no proxy configured, or a loopback host). */
  private dispatcher?: Dispatcher;
  /** Through HTTPS_PROXY / HTTP_PROXY. */
  private proxied?: Dispatcher;
  private readonly redact: (s: string) => string;
  /** The proxy variables, read once. */
  private readonly proxy: ReturnType<typeof proxyEnv>;

  /** The start of the commands printed in hints (ClientOptions.invocation). */
  private readonly invocation: string;

  constructor(private readonly opts: ClientOptions) {
    this.invocation = opts.invocation ?? 'voicectl';
    this.base = checkBaseUrl(opts.baseUrl);
    // The config checks every key where it is read and names its source; this is the last guard before a header.
    const problem = apiKeyProblem(opts.apiKey);
    if (problem) throw new AuthConfigError(`the API key cannot be used: ${problem}`, { hints: [`${API_KEY_RULE}.`] });
    const proxy = (this.proxy = proxyEnv(opts.env ?? {}));
    checkProxy(proxy.http);
    checkProxy(proxy.https);
    this.redact = redactor([opts.apiKey, ...urlSecrets(proxy.http?.url), ...urlSecrets(proxy.https?.url)]);
  }

  private timeoutText(): string {
    return this.opts.timeoutText ?? `${this.opts.timeoutMs / 1000}s`;
  }

  /**
   * The connection pool for `target`. A loopback host (127.0.0.0/8, ::1, localhost: the sandbox, a local service)
   * is always reached directly, whatever NO_PROXY says, as if it always listed them: plain http:// is allowed only
   * there so that the key never travels in clear, and through a proxy it would (the proxy is another host).
   */
  private async http(target: URL): Promise<Dispatcher> {
    const proxy = this.proxy;
    if ((proxy.http || proxy.https) && !isLoopback(target.hostname)) {
      this.proxied ??= await (await loadUndici()).envProxyAgent({
        httpProxy: proxy.http?.url,
        httpsProxy: proxy.https?.url,
        noProxy: proxy.noProxy,
      });
      return this.proxied;
    }
    this.dispatcher ??= new (await loadUndici()).Agent({ keepAliveTimeout: 1000 });
    return this.dispatcher;
  }

  async close(): Promise<void> {
    await Promise.all([this.dispatcher?.close(), this.proxied?.close()]);
  }

  /** When a proxy is configured, a refused or unresolved connection may be the proxy's: say which one. */
  private proxyHint(): string[] {
    const proxy = this.proxy[this.base.protocol === 'https:' ? 'https' : 'http'];
    if (!proxy || isLoopback(this.base.hostname)) return [];
    let where = 'it';
    try {
      where = new URL(proxy.url).host;
    } catch {
      // not a URL: name the variable only
    }
    return [
      `${proxy.name} is set: the connection goes through the proxy ${where} (unless NO_PROXY covers ${this.base.hostname}); check that it is reachable.`,
    ];
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

  /**
   * A request whose response body is streamed by the caller (downloads), or read whole with `read` (then a GET
   * whose body breaks off halfway is retried like any other network error). Errors are still typed.
   */
  async raw(req: RequestOptions & { absoluteUrl?: string; auth?: boolean; read?: boolean }): Promise<RawResponse> {
    const url = req.absoluteUrl ?? buildUrl(this.base, req.path, req.query);
    const retries = req.method === 'GET' ? (this.opts.retries ?? 3) : 0;
    const base = this.opts.retryBaseMs ?? 300;
    for (let attempt = 0; ; attempt++) {
      let res: Attempt;
      try {
        res = await this.once(req, url, attempt < retries);
      } catch (err) {
        if (attempt > 0 && err instanceof CliError && !(err instanceof InterruptedError))
          err.hints.push(`Gave up after ${attempt + 1} attempts.`);
        throw this.scrub(err);
      }
      if (res.kind === 'ok') {
        recordEffect(this.opts.effects, req, res.response, this.redact);
        return res.response;
      }
      const notRetried = (why: string) => {
        res.error.hints.push(why);
        if (attempt > 0) res.error.hints.push(`Gave up after ${attempt + 1} attempts.`);
        return this.scrub(res.error);
      };
      // A Retry-After longer than voicectl waits is not slept through in silence and then retried too early: the
      // error says at once when the service asks to be called again.
      const cap = this.opts.retryAfterCapMs ?? 20_000;
      if (res.retryAfterMs !== undefined && res.retryAfterMs > cap)
        throw notRetried(`Not retried: voicectl waits at most ${seconds(cap)} before a retry.`);
      const delay = res.retryAfterMs ?? base * 2 ** attempt * (0.8 + Math.random() * 0.4);
      if (req.deadline !== undefined && (this.opts.monotonic ?? monotonicNow)() + delay >= req.deadline)
        throw notRetried(`Not retried: the next try (in ${seconds(delay)}) would start after the deadline.`);
      const why =
        res.reason === 'HTTP 429'
          ? 'rate limited (HTTP 429)'
          : res.reason.startsWith('HTTP') || res.reason === 'response cut'
            ? res.reason
            : `network error (${res.reason})`;
      const line = `${why}; retrying in ${seconds(delay)} (attempt ${attempt + 2} of ${retries + 1})`;
      this.log(`* retry ${attempt + 1}/${retries} in ${Math.round(delay)} ms (${res.reason})`);
      (req.onRetry ?? this.opts.notice)?.(this.redact(line));
      await (this.opts.sleep ?? sleep)(delay, req.signal ?? this.opts.signal);
    }
  }

  /** One attempt: send, then read the answer as a success, a retry to make, or a typed error. */
  private async once(req: Req, url: string, mayRetry: boolean): Promise<Attempt> {
    const { headers, body } = this.prepare(req);
    const now = this.opts.now ?? Date.now;
    // The time left, but at least a second: the last look of a wait, made at its deadline, must still get an answer.
    const left =
      req.deadline === undefined
        ? Number.POSITIVE_INFINITY
        : Math.max(MIN_ATTEMPT_MS, Math.ceil(req.deadline - (this.opts.monotonic ?? monotonicNow)()));
    const limit =
      left < this.opts.timeoutMs
        ? { ms: left, text: `${seconds(left)}, cut to end by the deadline`, cut: true }
        : { ms: this.opts.timeoutMs, text: this.timeoutText(), cut: false };
    const timeout = AbortSignal.timeout(limit.ms);
    const outer = req.signal ?? this.opts.signal;
    const signals: Signals = { timeout, outer, signal: outer ? AbortSignal.any([timeout, outer]) : timeout, limit };
    const started = monotonicNow();
    this.logRequest(req, url, headers, body);
    const sent = await this.send(req, url, headers, body, signals, mayRetry, started);
    if ('kind' in sent) return sent;
    const res = sent;
    const said = headerValue(res.headers, 'x-request-id');
    const requestId = said ? capText(said) : undefined;
    this.log(
      `< ${res.statusCode} ${Math.round(monotonicNow() - started)} ms${requestId ? ` requestId=${requestId}` : ''}`,
    );
    if (res.statusCode >= 200 && res.statusCode < 300) return this.success(req, res, requestId, signals, mayRetry);
    if (res.statusCode >= 300 && res.statusCode < 400) throw await this.redirected(req, res, requestId);
    if (mayRetry && RETRY_STATUS.has(res.statusCode)) {
      return {
        kind: 'retry',
        reason: `HTTP ${res.statusCode}`,
        retryAfterMs: parseRetryAfter(headerValue(res.headers, 'retry-after'), now()),
        error: await this.failure(req, res, requestId, false),
      };
    }
    throw await this.failure(req, res, requestId, req.method === 'GET' && RETRY_STATUS.has(res.statusCode));
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

  /** Sends the request: the response's head, a retry to make after a network error, or a typed error. */
  private async send(
    req: Req,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    { timeout, outer, signal, limit }: Signals,
    mayRetry: boolean,
    started: number,
  ): Promise<Dispatcher.ResponseData | Retry> {
    const target = new URL(url);
    const dispatcher = await this.http(target);
    // Ctrl-C before anything left: nothing was sent, whatever the method.
    if (outer?.aborted) throw outer.reason;
    try {
      return await dispatcher.request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers,
        body,
        signal,
        headersTimeout: limit.ms,
        bodyTimeout: limit.ms,
      });
    } catch (err) {
      if (outer?.aborted) throw interrupted(req, outer.reason, this.invocation);
      const code = (err as { code?: string }).code ?? (err as Error).name;
      this.log(`< network error ${code} after ${Math.round(monotonicNow() - started)} ms`);
      if (timeout.aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
        throw new NetworkError(`${req.method} ${req.path} timed out after ${limit.text}`, {
          hints: limit.cut
            ? []
            : [req.method === 'GET' ? RAISE_TIMEOUT : unknownOutcomeHint(req.path, this.invocation)],
        });
      }
      if (this.opts.sandbox && code === 'ECONNREFUSED') {
        throw new SandboxStoppedError(
          `the background sandbox stopped (voicectl sandbox stop?): nothing answers at ${this.base.host} any more; ${req.method} ${req.path} was not sent`,
          {
            cause: err,
            hints: ['Run the command again: the next --sandbox command starts the sandbox again, with the same state.'],
          },
        );
      }
      const refused = code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
      const reason = networkMessage(code, this.base.host);
      const error = Object.assign(
        new NetworkError(`${req.method} ${req.path} failed: ${reason}`, {
          cause: err,
          hints: [
            ...(refused ? this.proxyHint() : []),
            ...(refused || req.method === 'GET' ? [] : [unknownOutcomeHint(req.path, this.invocation)]),
          ],
        }),
        { reason },
      );
      if (mayRetry && RETRY_CODES.has(code)) return { kind: 'retry', reason: code, error };
      throw error;
    }
  }

  /** A 2xx: the body left to the caller, or read whole (bounded) with `read`; a GET cut halfway is retried. */
  private async success(
    req: Req,
    res: Dispatcher.ResponseData,
    requestId: string | undefined,
    { timeout, outer, signal, limit: timeLimit }: Signals,
    mayRetry: boolean,
  ): Promise<Attempt> {
    const response: RawResponse = {
      status: res.statusCode,
      headers: res.headers,
      requestId,
      body: res.body,
      signals: [signal, timeout],
    };
    const answered = { status: res.statusCode, requestId };
    const coding = contentCoding(res.headers);
    if (coding) {
      // dump(), not destroy(): a body destroyed with nothing reading it raises an error of its own (AbortError).
      await res.body.dump().catch(() => undefined);
      throw new MalformedResponseError(
        `${req.method} ${req.path} answered ${res.statusCode}, but ${compressedBody(coding)}`,
        {
          hints: [
            ...(requestId ? [`requestId: ${requestId}`] : []),
            ...carriedOut(req, res.statusCode, this.invocation),
          ],
          response: answered,
        },
      );
    }
    if (!req.read) return { kind: 'ok', response };
    const limit = req.maxBodyBytes ?? this.opts.maxBodyBytes ?? MAX_BODY_BYTES;
    const tooLarge = (size: number, declared = false) =>
      new ResponseTooLargeError(
        `${req.method} ${req.path} answered ${res.statusCode} with a body larger than ${mib(limit)} (${declared ? 'it says' : 'more than'} ${mib(size)}); stopped reading`,
        {
          hints: [
            ...(requestId ? [`requestId: ${requestId}`] : []),
            req.method === 'GET'
              ? `Ask for less (--limit, a filter), or use \`${this.invocation} api ... --max-body <MiB>\` to raise the limit.`
              : unknownOutcomeHint(req.path, this.invocation),
          ],
          response: answered,
        },
      );
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
      if (outer?.aborted) throw interrupted(req, outer.reason, this.invocation);
      this.log(
        `< the connection broke while the body was arriving (${(err as { code?: string }).code ?? (err as Error).name})`,
      );
      if (timeout.aborted) {
        throw new NetworkError(
          `${req.method} ${req.path} timed out after ${timeLimit.text} while the response was arriving (HTTP ${res.statusCode})`,
          {
            cause: err,
            hints: timeLimit.cut
              ? []
              : [req.method === 'GET' ? RAISE_TIMEOUT : unknownOutcomeHint(req.path, this.invocation)],
            response: answered,
          },
        );
      }
      const error = new NetworkError(
        `${req.method} ${req.path}: the connection broke while the response was arriving (HTTP ${res.statusCode})`,
        {
          cause: err,
          hints: [
            ...(requestId ? [`requestId: ${requestId}`] : []),
            ...(req.method === 'GET' ? ['Try again.'] : [unknownOutcomeHint(req.path, this.invocation)]),
          ],
          response: answered,
        },
      );
      if (mayRetry) return { kind: 'retry', reason: 'response cut', error };
      throw error;
    }
  }

  /** A 3xx. Redirects are never followed: the Authorization header must not travel to another origin. */
  private async redirected(req: Req, res: Dispatcher.ResponseData, requestId: string | undefined): Promise<ApiError> {
    await res.body.dump();
    return new ApiError(
      {
        status: res.statusCode,
        message: `the service redirected to ${headerValue(res.headers, 'location') ?? 'another address'}; redirects are not followed`,
        method: req.method,
        path: req.path,
        requestId,
      },
      ['Check the base URL.'],
    );
  }

  /** Any other status: the error body read for its message, as an ApiError. */
  private async failure(
    req: Req,
    res: Dispatcher.ResponseData,
    requestId: string | undefined,
    retriesExhausted: boolean,
  ): Promise<ApiError> {
    const coding = contentCoding(res.headers);
    const text = await readBounded(res.body, MAX_ERROR_BODY_BYTES).catch(() => '');
    if (!coding) this.log(`< ${excerpt(text, 2000)}`);
    // A compressed body is not read: what would be shown is binary noise.
    const parsed = coding
      ? { message: compressedBody(coding) }
      : parseErrorBody(text, headerValue(res.headers, 'content-type'));
    // A detail that only repeats the message (a single invalid field) is not printed twice.
    const details = (parsed.details?.map((d) => `${d.field}: ${d.message}`) ?? []).filter((d) => d !== parsed.message);
    const now = (this.opts.now ?? Date.now)();
    const retryAfter =
      res.statusCode === 429 || res.statusCode === 503
        ? parseRetryAfter(headerValue(res.headers, 'retry-after'), now)
        : undefined;
    const hints = hintsFor(res.statusCode, req.method, req.path, this.invocation);
    return new ApiError(
      {
        status: res.statusCode,
        code: parsed.code,
        message: parsed.message ?? `HTTP ${res.statusCode}`,
        requestId: parsed.requestId ?? requestId,
        method: req.method,
        path: req.path,
        retriesExhausted,
      },
      [
        ...details,
        // When the service says when to come back, that replaces "wait a little".
        ...(retryAfter === undefined
          ? hints
          : [
              ...hints.filter((h) => res.statusCode !== 429 || !h.includes('wait a little')),
              `The service asks to be called again ${whenAgain(retryAfter, now)}.`,
            ]),
        // A gateway that failed or timed out may have passed the request on: a POST may have been carried out.
        ...(req.method !== 'GET' && (res.statusCode === 502 || res.statusCode === 504)
          ? [unknownOutcomeHint(req.path, this.invocation)]
          : []),
      ],
    );
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
    const done = carriedOut(req, res.status, this.invocation);
    const answered = { status: res.status, requestId: res.requestId };
    let parsed: unknown;
    try {
      parsed = text === '' ? {} : JSON.parse(text);
    } catch {
      throw new MalformedResponseError(
        `${req.method} ${req.path} answered ${res.status} with a body that is not JSON: ${excerpt(text) || '(empty)'}`,
        {
          hints: [...(res.requestId ? [`requestId: ${res.requestId}`] : []), ...done],
          response: answered,
        },
      );
    }
    // Without zod's JIT (a `new Function` compiled per object schema on its first parse): a one-shot command
    // parses one or a few bodies, and the compile costs more than it saves. Measured (callgrind, `tts get`):
    // Node 24.21 418 M instructions with it, 410 M without; Node 20.20 935 M, 921 M. A list page of 100 records
    // parses ~0.2 ms slower without it, ~1.5% of `tts list --all` over 100 pages.
    const result = z.safeParse(schema, parsed, { jitless: true });
    const said = (parsed as { requestId?: unknown } | null)?.requestId;
    const requestId = typeof said === 'string' && said !== '' ? capText(said) : res.requestId;
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new MalformedResponseError(
        `${req.method} ${req.path} answered ${res.status} with an unexpected body (${issue.path.join('.') || 'body'}: ${issue.message}): ${excerpt(text) || '(empty body)'}`,
        { hints: [...(requestId ? [`requestId: ${requestId}`] : []), ...done], response: { ...answered, requestId } },
      );
    }
    return { status: res.status, requestId, body: result.data };
  }
}

/** A duration for a message: "40 ms", "0.3 s", "8 s", "20 s". */
function seconds(ms: number): string {
  if (ms < 100) return `${Math.round(ms)} ms`;
  return `${ms < 10_000 ? Math.round(ms / 100) / 10 : Math.round(ms / 1000)} s`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * When the service asks to be called again, `ms` after `now`, relative and in local time: "in 40 s",
 * "in 5 min (at 14:05)", "at 14:05 (in 2 h 10 min)", "in 11 days (on 2026-12-06 at 14:05)".
 */
export function whenAgain(ms: number, now: number): string {
  const at = new Date(now + ms);
  const clock = `${pad2(at.getHours())}:${pad2(at.getMinutes())}`;
  if (ms < 60_000) return `in ${Math.round(ms / 1000)} s`;
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `in ${minutes} min (at ${clock})`;
  if (ms < 86_400_000) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    const tomorrow = at.toDateString() !== new Date(now).toDateString() ? ' tomorrow' : '';
    return `at ${clock}${tomorrow} (in ${h} h${m ? ` ${m} min` : ''})`;
  }
  const days = Math.floor(ms / 86_400_000);
  const date = `${at.getFullYear()}-${pad2(at.getMonth() + 1)}-${pad2(at.getDate())}`;
  return `in ${days} day${days === 1 ? '' : 's'} (on ${date} at ${clock})`;
}

/** The content coding of a response other than identity (which voicectl asked for), or undefined. */
function contentCoding(headers: RawResponse['headers']): string | undefined {
  const coding = headerValue(headers, 'content-encoding')?.trim();
  return coding && coding.toLowerCase() !== 'identity' ? capText(coding, 40) : undefined;
}

function compressedBody(coding: string): string {
  return `the service answered with a compressed body (content-encoding: ${coding}), which voicectl did not ask for`;
}

/** A 2xx to a POST means the service did it: the answer being unreadable must not make anyone repeat it. */
function carriedOut(req: RequestOptions, status: number, invocation: string): string[] {
  return req.method === 'GET' || status < 200 || status >= 300
    ? []
    : [
        `The service answered ${status}, so the request was probably carried out: do not repeat it before checking with \`${listCommand(req.path, invocation)}\`.`,
      ];
}

function mib(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MiB`
    : `${bytes} bytes`;
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

/** The list that shows whether a request was carried out, on the same service (`invocation`: --sandbox, --profile). */
function listCommand(p: string, invocation: string): string {
  return p.startsWith('/v1/campaigns')
    ? `${invocation} campaigns list`
    : p.startsWith('/v1/tts')
      ? `${invocation} tts list`
      : 'a list command';
}

function unknownOutcomeHint(p: string, invocation: string): string {
  return `The request may have reached the service, so it was not repeated (that could charge or start twice). Check with \`${listCommand(p, invocation)}\` before trying again.`;
}

/** Ctrl-C during a request. A GET is simply interrupted; any other request may already have been carried out. */
function interrupted(req: RequestOptions, reason: unknown, invocation: string): unknown {
  if (req.method === 'GET') return reason;
  return new InterruptedError(`${req.method} ${req.path} was already sent: its outcome is unknown`, {
    hints: [unknownOutcomeHint(req.path, invocation)],
  });
}
