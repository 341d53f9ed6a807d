// The wire: undici's connection pools (direct, or through HTTPS_PROXY / HTTP_PROXY), one request sent with its
// timeouts and signal, and response bodies read with a bound. It knows nothing of the API, of retries or of how a
// failure is worded (src/api/client.ts, retry.ts, errors.ts).
import type { Dispatcher } from 'undici';
import { UsageError } from '../errors.js';
import { terminalSafe } from '../io/safe.js';
import { capText } from './errors.js';
import { urlSecrets } from './redact.js';

export type Headers = Record<string, string | string[] | undefined>;
export type Body = Dispatcher.ResponseData['body'];

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;
/** 127.0.0.0/8, ::1 or localhost (as URL.hostname gives them: "[::1]"). */
export const isLoopback = (hostname: string) => LOOPBACK.test(hostname);

export function headerValue(h: Headers, name: string): string | undefined {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The content coding of a response other than identity (which voicectl asked for), or undefined. */
export function contentCoding(headers: Headers): string | undefined {
  const coding = headerValue(headers, 'content-encoding')?.trim();
  return coding && coding.toLowerCase() !== 'identity' ? capText(coding, 40) : undefined;
}

/**
 * Reads a body up to `limit` bytes. Past it, the connection is dropped at once and `onTooLarge` says what to
 * throw, or (without it) what arrived so far is kept. Counted here rather than by undici's `maxResponseSize`, which
 * bounds every response of a pool alike: the limit differs by request (`api --max-body`, an error body kept cut,
 * audio streamed by its reader up to its own limit), and an error body over it is kept, not refused.
 */
export async function readBounded(body: Body, limit: number, onTooLarge?: (size: number) => Error): Promise<string> {
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

interface ProxyVar {
  name: string;
  url: string;
}

/**
 * A proxy variable must be an http(s) URL: `user:pw@host:99` (no scheme) parses as a URL of scheme "user:", and
 * undici would fail later with an error of its own. Checked before any request; the credentials never printed.
 */
function checkProxy(p: ProxyVar | undefined): void {
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
  const pick = (...names: string[]): ProxyVar | undefined => {
    const name = names.find((n) => env[n]);
    return name ? { name, url: env[name]! } : undefined;
  };
  return {
    http: pick('HTTP_PROXY', 'http_proxy'),
    https: pick('HTTPS_PROXY', 'https_proxy'),
    noProxy: env.NO_PROXY || env.no_proxy || undefined,
  };
}

/**
 * VOICECTL_TCP_KEEPALIVE=0 turns off TCP keep-alive on voicectl's connections (undici sets it on every socket).
 * For Wine: Wine 8 refuses the socket option undici sets at connect, and every request fails with "connect
 * UNKNOWN" (.ci/wine-smoke runs with it). Windows itself takes the option; nothing else needs this.
 */
function tcpKeepAlive(env: Record<string, string | undefined>): boolean {
  const raw = env.VOICECTL_TCP_KEEPALIVE;
  if (raw === undefined || raw === '' || raw === '1') return true;
  if (raw === '0') return false;
  throw new UsageError(`VOICECTL_TCP_KEEPALIVE must be 0 (off) or 1 (on, the default) (got "${terminalSafe(raw)}")`, {
    hints: ['Unset it: only Wine needs it off.'],
  });
}

type Undici = typeof import('./undici.js');
let undici: Promise<Undici> | undefined;
/** undici is imported on the first request, so that importing this module (and `--help`) stays cheap. */
const loadUndici = () => (undici ??= import('./undici.js'));

export interface Sending {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Aborts the request: the attempt's timeout and Ctrl-C. */
  signal: AbortSignal;
  /** undici's own limits on the wait for the head and between two chunks of the body. */
  timeoutMs: number;
}

export class Transport {
  /** Direct connections (no proxy configured, or a loopback host). */
  private dispatcher?: Dispatcher;
  /** Through HTTPS_PROXY / HTTP_PROXY. */
  private proxied?: Dispatcher;
  /** The proxy variables, read once. */
  private readonly proxy: ReturnType<typeof proxyEnv>;
  /** undici's connect options: TCP keep-alive off only when VOICECTL_TCP_KEEPALIVE=0. */
  private readonly connect: { keepAlive: false } | undefined;

  /** `env`: where the proxy variables are read (the environment voicectl was given). */
  constructor(
    env: Record<string, string | undefined>,
    private readonly prove?: (socket: import('node:net').Socket) => Promise<void>,
  ) {
    const proxy = (this.proxy = proxyEnv(env));
    this.connect = tcpKeepAlive(env) ? undefined : { keepAlive: false };
    checkProxy(proxy.http);
    checkProxy(proxy.https);
  }

  /** The user and password of the proxy URLs, to redact wherever they might be printed. */
  secrets(): string[] {
    return [...urlSecrets(this.proxy.http?.url), ...urlSecrets(this.proxy.https?.url)];
  }

  /** The proxy variable a connection to `base` goes through, and where it points (its host, when it is a URL). */
  proxyFor(base: URL): { name: string; where: string; hostname: string } | undefined {
    const proxy = this.proxy[base.protocol === 'https:' ? 'https' : 'http'];
    if (!proxy || isLoopback(base.hostname)) return undefined;
    let where = 'it';
    try {
      where = new URL(proxy.url).host;
    } catch {
      // not a URL: name the variable only
    }
    return { name: proxy.name, where, hostname: base.hostname };
  }

  /**
   * The connection pool for `target`. A loopback host (127.0.0.0/8, ::1, localhost: the sandbox, a local service)
   * is always reached directly, whatever NO_PROXY says, as if it always listed them: plain http:// is allowed only
   * there so that the key never travels in clear, and through a proxy it would (the proxy is another host).
   */
  private async pool(target: URL): Promise<Dispatcher> {
    const proxy = this.proxy;
    if ((proxy.http || proxy.https) && !isLoopback(target.hostname)) {
      this.proxied ??= await (await loadUndici()).envProxyAgent({
        httpProxy: proxy.http?.url,
        httpsProxy: proxy.https?.url,
        noProxy: proxy.noProxy,
        ...(this.connect && { connect: this.connect }),
      });
      return this.proxied;
    }
    const undici = await loadUndici();
    this.dispatcher ??= new undici.Agent({
      keepAliveTimeout: 1000,
      ...(this.prove
        ? { connect: undici.provingConnector(this.prove, this.connect) }
        : this.connect && { connect: this.connect }),
    });
    return this.dispatcher;
  }

  /**
   * A function that sends one request to `target`'s origin, once its pool is ready, and resolves with the
   * response's head, its body left to read; it rejects with undici's or the system's error.
   */
  async sender(target: URL): Promise<(req: Sending) => Promise<Dispatcher.ResponseData>> {
    const dispatcher = await this.pool(target);
    return (req) =>
      dispatcher.request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: req.method as Dispatcher.HttpMethod,
        headers: req.headers,
        body: req.body,
        signal: req.signal,
        headersTimeout: req.timeoutMs,
        bodyTimeout: req.timeoutMs,
      });
  }

  async close(): Promise<void> {
    await Promise.all([this.dispatcher?.close(), this.proxied?.close()]);
  }
}
