// The sandbox: a local server (node:http) that follows the API reference. It authenticates keys per
// organization, enforces the scope of each endpoint, keeps records per organization, wraps answers in
// the common envelope and logs every request (never a key) so tests can assert what reached it.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findEndpoint } from '../schemas/endpoints.js';
import {
  errorBody,
  SandboxError,
  type ResourceModule,
  type Route,
  type RouteContext,
  type RouteResult,
} from './http.js';
import { campaigns } from './resources/campaigns.js';
import { messages } from './resources/messages.js';
import { tts } from './resources/tts.js';
import { Faults } from './faults.js';
import { type Fault, SandboxSettings } from './settings.js';
import { initialCore, type KeyRecord, type SandboxState } from './state.js';

const RESOURCES: ResourceModule<object>[] = [tts, campaigns, messages];

/**
 * The largest request body the sandbox reads (413 beyond it, unread): above the 32 MiB voicectl itself sends at
 * most (a contacts file, `campaigns create --file`), far below what would exhaust the process (a 600 MB body did).
 */
export const MAX_REQUEST_BYTES = 40 * 1024 * 1024;

/**
 * The requests the log keeps, the oldest dropped first: a long-running sandbox (the background one, a benchmark)
 * must not grow for ever. Bodies count too: see keepBodies.
 */
export const MAX_LOG_ENTRIES = 10_000;
/** The bytes of request bodies the log keeps in all; older entries lose their body (`bodyDropped`) beyond it. */
const MAX_LOG_BODY_BYTES = 64 * 1024 * 1024;

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export interface LogEntry {
  method: string;
  /** Path as received, undecoded. */
  path: string;
  query: Record<string, string>;
  body?: unknown;
  /** Id of the key used (never the key itself). */
  keyId?: string;
  /** Set when the body was dropped from the log to keep it within MAX_LOG_BODY_BYTES. */
  bodyDropped?: boolean;
  /** Whether the request carried an Authorization header at all. */
  authorization: boolean;
  status: number;
  at: string;
}

export interface SandboxOptions {
  state?: SandboxState;
  settings?: Partial<SandboxSettings>;
  /** The sandbox clock; tests may drive it. */
  now?: () => number;
  /** Extra routes (tests of the frame itself; the background service's own). */
  routes?: Route[];
  /**
   * Called after a request that may have changed the state (any method but GET), before it is answered: the
   * background service saves the state there, so an answer the client got is never lost. A throw answers 500.
   */
  afterChange?: (state: SandboxState) => void;
}

function freshState(now: number, settings: SandboxSettings): SandboxState {
  const core = initialCore(now);
  let state = core as SandboxState;
  for (const r of RESOURCES) state = { ...state, ...r.init(state, now, settings) };
  return state;
}

interface CompiledRoute {
  route: Route;
  segments: string[];
}

function compile(route: Route): CompiledRoute {
  return { route, segments: route.pattern.split('/') };
}

function match(c: CompiledRoute, method: string, segments: string[]): Record<string, string> | undefined {
  if (c.route.method !== method || c.segments.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const pat = c.segments[i];
    if (pat.startsWith(':')) {
      if (segments[i] === '') return undefined;
      try {
        params[pat.slice(1)] = decodeURIComponent(segments[i]);
      } catch {
        return undefined;
      }
    } else if (pat !== segments[i]) return undefined;
  }
  return params;
}

export class Sandbox {
  state: SandboxState;
  settings: SandboxSettings;
  readonly log: LogEntry[] = [];
  url = '';
  /** Requests being handled now, and the most at once since start (benchmarks read these). */
  inFlight = 0;
  maxInFlight = 0;
  /** TCP connections accepted since start (shows whether clients reuse them). */
  connections = 0;
  /** Called with the path of each request as it arrives (the background service's idle clock). */
  onRequest?: (path: string) => void;
  private server?: Server;
  /** The Host values it answers when it listens on loopback (see hostAllowed); undefined: any. */
  private hosts?: Set<string>;
  private readonly faults = new Faults();
  private readonly routes: CompiledRoute[];
  private readonly clock: () => number;
  private readonly afterChange?: (state: SandboxState) => void;
  /** The size of each body the log holds, and their sum (see keepBodies). */
  private readonly bodySizes = new WeakMap<LogEntry, number>();
  private bodyBytes = 0;

  constructor(opts: SandboxOptions = {}) {
    this.afterChange = opts.afterChange;
    this.settings = SandboxSettings.parse(opts.settings ?? {});
    this.clock = opts.now ?? Date.now;
    this.state = opts.state ?? freshState(this.clock(), this.settings);
    this.routes = [...RESOURCES.flatMap((r) => r.routes), ...(opts.routes ?? [])].map(compile);
  }

  now(): number {
    return this.clock();
  }

  /** Brings time-driven records up to now. */
  advance(): void {
    const now = this.clock();
    for (const r of RESOURCES) r.advance?.(this.state, now, this.settings);
  }

  addFault(fault: Fault): void {
    this.faults.add(fault);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** Requests that reached the sandbox, optionally only those to paths starting with `prefix`. */
  requests(method?: string, prefix?: string): LogEntry[] {
    return this.log.filter((e) => (!method || e.method === method) && (!prefix || e.path.startsWith(prefix)));
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = createServer((req, res) => {
      this.inFlight++;
      this.onRequest?.(req.url ?? '/');
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      res.once('close', () => this.inFlight--);
      void this.handle(req, res);
    });
    // Idle connections stay open 5 s (Node's default), as an API behind a load balancer keeps them. Clients
    // subtract a safety margin from the `Keep-Alive: timeout=N` hint (undici: 1 s), so a 1 s timeout would
    // make every request open a new connection.
    this.server.keepAliveTimeout = 5000;
    this.server.on('connection', () => this.connections++);
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, host, () => resolve());
    });
    const addr = this.server.address() as AddressInfo;
    const h = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
    this.url = `http://${h}:${addr.port}`;
    // On loopback, only requests addressed to it: a web page whose name was rebound to 127.0.0.1 sends its own
    // name as Host. Listening on another address (voicectl sandbox --host 0.0.0.0) is the user's choice to be
    // reached by other names.
    this.hosts = LOOPBACK.has(addr.address)
      ? new Set(['127.0.0.1', 'localhost', '[::1]'].map((n) => `${n}:${addr.port}`))
      : undefined;
    return this.url;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }

  /**
   * Every request goes through the same steps: host, body read, faults, then key, scope, route and body (the order
   * of checks in README.md), the route's handler, the state saved, the answer.
   */
  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const x = this.exchangeOf(req, res);
    try {
      this.checkHost(req);
      const found = this.findRoute(x.method, x.rawPath);
      // The key before a byte of the body is read, and the size (readBody) before the body is kept: a caller
      // without a key (another local user) makes the sandbox read nothing and keep nothing.
      const known = this.keyOf(x, found);
      // A request that needs no key (the status, the stop, audio files, an unknown path) has no body worth reading:
      // it is left unread, and the connection closed after the answer if one was sent.
      const { malformed, bytes } = known ? await readEntryBody(x) : skipBody(x);
      this.keepBodies(x.entry, bytes);
      if (await this.faults.apply(x.method, x.rawPath, req, res, x.entry, x.requestId)) return;
      const { key, org } = this.authorize(x, known);
      if (!found) throw new SandboxError(404, 'not_found', `no endpoint ${x.method} ${x.rawPath} in the sandbox`);
      const route = found.c.route;
      // The body is judged last, after the key, the scope and the route.
      if (malformed && route.body !== 'ignored')
        throw new SandboxError(400, 'validation_error', 'the request body is not valid JSON');
      this.advance();
      const result = await route.handle(this.contextOf(x, found.params, key, org));
      if (x.method !== 'GET') this.saveChange();
      sendResult(x, result);
    } catch (err) {
      if (err instanceof SandboxError) return sendError(x, err);
      sendError(x, new SandboxError(500, 'internal_error', `sandbox failure: ${(err as Error).message}`));
    }
  }

  /** Bodies in the log within MAX_LOG_BODY_BYTES: beyond it, the oldest entries lose theirs. */
  private keepBodies(entry: LogEntry, bytes: number): void {
    if (bytes === 0) return;
    this.bodySizes.set(entry, bytes);
    this.bodyBytes += bytes;
    if (this.bodyBytes <= MAX_LOG_BODY_BYTES) return;
    // Counted again over what the log holds now (a test may have emptied it), newest first.
    let total = 0;
    for (let i = this.log.length - 1; i >= 0; i--) {
      const e = this.log[i];
      total += this.bodySizes.get(e) ?? 0;
      if (total > MAX_LOG_BODY_BYTES && e.body !== undefined) {
        total -= this.bodySizes.get(e) ?? 0;
        this.bodySizes.delete(e);
        e.body = undefined;
        e.bodyDropped = true;
      }
    }
    this.bodyBytes = total;
  }

  /** The request's log entry, written before anything can fail, so every request shows in the log. */
  private exchangeOf(req: IncomingMessage, res: ServerResponse): Exchange {
    const requestId = `req_${randomBytes(8).toString('hex')}`;
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = (req.method ?? 'GET').toUpperCase();
    const rawPath = (req.url ?? '/').split('?')[0];
    const entry: LogEntry = {
      method,
      path: rawPath,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization !== undefined,
      status: 0,
      at: new Date(this.clock()).toISOString(),
    };
    this.log.push(entry);
    if (this.log.length > MAX_LOG_ENTRIES) this.log.splice(0, this.log.length - MAX_LOG_ENTRIES);
    return { req, res, requestId, url, method, rawPath, entry };
  }

  private checkHost(req: IncomingMessage): void {
    const host = (req.headers.host ?? '').toLowerCase();
    if (this.hosts && !this.hosts.has(host))
      throw new SandboxError(
        421,
        'misdirected_request',
        `the sandbox answers only requests addressed to it (Host ${[...this.hosts].join(' or ')})`,
      );
  }

  private findRoute(method: string, rawPath: string): FoundRoute | undefined {
    const segments = rawPath.split('/');
    for (const c of this.routes) {
      const params = match(c, method, segments);
      if (params) return { c, params };
    }
    return undefined;
  }

  /**
   * The caller's key, or undefined for a route without auth. Authentication comes first for every /v1 path, known
   * or not, as a real API gateway would. Refused, the body is left unread and the connection closed after the answer.
   */
  private keyOf(x: Exchange, found: FoundRoute | undefined): KeyRecord | undefined {
    if (!(found ? found.c.route.auth !== false : x.rawPath.startsWith('/v1/'))) return undefined;
    const refuse = (message: string) => {
      x.res.setHeader('connection', 'close');
      return new SandboxError(401, 'unauthorized', message);
    };
    const m = /^Bearer\s+(\S+)$/i.exec(x.req.headers.authorization ?? '');
    if (!m) throw refuse('missing Authorization: Bearer <API_KEY> header');
    const key = this.state.keys.find((k) => k.key === m[1]);
    if (!key) throw refuse('the API key is not valid');
    x.entry.keyId = key.id;
    return key;
  }

  /** The key's organization, once its scope allows the endpoint; a route without auth gets the first organization. */
  private authorize(x: Exchange, key: KeyRecord | undefined): Pick<RouteContext, 'key' | 'org'> {
    if (!key) return { org: this.state.orgs[0] };
    const endpoint = findEndpoint(x.method, x.rawPath);
    if (endpoint && !key.scopes.includes(endpoint.scope)) {
      throw new SandboxError(
        403,
        'forbidden',
        `this key lacks the scope ${endpoint.scope} required by ${x.method} ${endpoint.path}`,
      );
    }
    return { key, org: this.state.orgs.find((o) => o.id === key.orgId)! };
  }

  private contextOf(
    x: Exchange,
    params: Record<string, string>,
    key: RouteContext['key'],
    org: RouteContext['org'],
  ): RouteContext {
    const origin = x.req.headers.host ?? this.url.replace(/^http:\/\//, '');
    return {
      state: this.state,
      org,
      key,
      params,
      query: x.url.searchParams,
      body: x.entry.body,
      now: this.clock(),
      settings: this.settings,
      requestId: x.requestId,
      origin: `http://${origin}`,
      headers: x.req.headers,
    };
  }

  private saveChange(): void {
    if (!this.afterChange) return;
    try {
      this.afterChange(this.state);
    } catch (err) {
      throw new SandboxError(
        500,
        'internal_error',
        `the sandbox could not save its state (the change is kept in memory only): ${(err as Error).message}`,
      );
    }
  }
}

/** One request being handled: what the steps of Sandbox.handle pass along. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  requestId: string;
  url: URL;
  method: string;
  /** Path as received, undecoded. */
  rawPath: string;
  entry: LogEntry;
}

interface FoundRoute {
  c: CompiledRoute;
  params: Record<string, string>;
}

/**
 * Reads the body into the log entry, parsed when it is JSON; true when a request other than GET sent a body that is
 * not JSON (judged later, once the route is known).
 */
async function readEntryBody(x: Exchange): Promise<{ malformed: boolean; bytes: number }> {
  const text = await readBody(x.req, () => x.res.setHeader('connection', 'close'));
  if (!text) return { malformed: false, bytes: 0 };
  try {
    x.entry.body = JSON.parse(text);
    return { malformed: false, bytes: text.length };
  } catch {
    x.entry.body = text;
    return { malformed: x.method !== 'GET', bytes: text.length };
  }
}

/** No body read: the connection is closed after the answer when the request announced one. */
function skipBody(x: Exchange): { malformed: boolean; bytes: number } {
  const h = x.req.headers;
  if ((h['content-length'] !== undefined && h['content-length'] !== '0') || h['transfer-encoding'] !== undefined)
    x.res.setHeader('connection', 'close');
  return { malformed: false, bytes: 0 };
}

function send(x: Exchange, status: number, body: unknown, headers: Record<string, string> = {}): void {
  x.entry.status = status;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  x.res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
    // A length rather than chunks: the proof of a connection (prove.ts) reads one answer and no byte more.
    'content-length': String(Buffer.byteLength(text)),
    'x-request-id': x.requestId,
    ...headers,
  });
  x.res.end(text);
}

function sendError(x: Exchange, e: SandboxError): void {
  send(x, e.status, errorBody(e, x.requestId));
}

/** A route's answer: raw bytes as they are, a JSON object with the request id added. */
function sendResult(x: Exchange, result: RouteResult): void {
  if (result.raw) {
    x.entry.status = result.status;
    x.res.writeHead(result.status, {
      ...result.headers,
      'content-type': result.raw.contentType,
      'content-length': String(result.raw.data.length),
      'x-request-id': x.requestId,
    });
    x.res.end(result.raw.data);
    return;
  }
  const body =
    result.body && typeof result.body === 'object' && !Array.isArray(result.body)
      ? { ...result.body, requestId: x.requestId }
      : result.body;
  send(x, result.status, body ?? { requestId: x.requestId }, result.headers);
}

/**
 * The request body, up to MAX_REQUEST_BYTES: beyond it (announced or sent), 413, the rest unread and the connection
 * closed after the answer (`tooLarge` marks the response so).
 */
function readBody(req: IncomingMessage, tooLarge: () => void): Promise<string> {
  const refuse = () => {
    tooLarge();
    req.pause();
    return new SandboxError(413, 'payload_too_large', `request bodies are limited to ${MAX_REQUEST_BYTES} bytes`);
  };
  if (Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) return Promise.reject(refuse());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > MAX_REQUEST_BYTES) {
        req.off('data', onData);
        chunks.length = 0;
        reject(refuse());
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
