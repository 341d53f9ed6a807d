// A hostile API server for the security tests: it answers whatever a test tells it to (escape sequences in names,
// the caller's key echoed in headers, endless bodies, lying pagination), on a loopback port. It is deliberately
// not the sandbox, which must stay faithful to the reference.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type CliOptions, cli } from '../helpers/cli.js';

interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: IncomingMessage & { body: string }, res: ServerResponse) => void | Promise<void>;

class HostileServer {
  readonly requests: SeenRequest[] = [];
  private readonly routes = new Map<string, Handler>();
  private readonly server: Server;
  url = '';

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        this.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const path = (req.url ?? '').split('?')[0];
        const handler = this.routes.get(`${req.method} ${path}`) ?? this.routes.get(`* ${path}`);
        if (!handler) return json(res, 500, { error: { code: 'no_route', message: `${req.method} ${path}` } });
        Promise.resolve()
          .then(() => handler(Object.assign(req, { body }), res))
          .catch(() => res.destroy());
      });
    });
    // A client that gives up leaves an endless response behind: do not let its socket keep the test alive.
    this.server.on('connection', (s) => s.on('error', () => undefined));
  }

  /** Answers `method path` (method "*" for any) with `handler` until replaced. */
  on(method: string, path: string, handler: Handler): this {
    this.routes.set(`${method} ${path}`, handler);
    return this;
  }

  reset(): void {
    this.routes.clear();
    this.requests.length = 0;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** The key the client sent (what an echoing server would print back). */
export function bearer(req: IncomingMessage): string {
  return String(req.headers.authorization ?? '').replace(/^Bearer /, '');
}

/**
 * Writes `chunk` for ever (or until `limit` bytes), as fast as the client reads, with a content type and no
 * content-length: an endless body. Stops when the client goes away.
 */
export function endless(
  res: ServerResponse,
  chunk: Buffer,
  contentType: string,
  opts: { prefix?: string; everyMs?: number } = {},
): void {
  res.writeHead(200, { 'content-type': contentType });
  if (opts.prefix) res.write(opts.prefix);
  let open = true;
  res.on('close', () => {
    open = false;
  });
  // everyMs: one chunk per tick, a trickle that never ends (a slow link), rather than as fast as the socket takes.
  if (opts.everyMs !== undefined) {
    const timer = setInterval(() => (open ? res.write(chunk) : clearInterval(timer)), opts.everyMs);
    return;
  }
  const pump = () => {
    while (open && res.write(chunk)) {
      /* fill the socket */
    }
    if (open) res.once('drain', pump);
  };
  pump();
}

/** A page of a list, in the reference's envelope. */
export function page(records: unknown[], p: { page: number; totalPages: number; limit?: number; total?: number }) {
  const limit = p.limit ?? 100;
  return {
    data: records,
    pagination: { page: p.page, limit, total: p.total ?? p.totalPages * limit, totalPages: p.totalPages },
    requestId: `req_${p.page}`,
  };
}

/**
 * The hostile server of one test file (listening before its tests, reset before each, closed after them) and `run`,
 * the CLI in-process against it with `key` in the environment.
 */
export function useHostileServer(key: string) {
  const server = new HostileServer();
  beforeAll(() => server.listen());
  afterAll(() => server.close());
  beforeEach(() => server.reset());
  const run = (argv: string[], opts: CliOptions = {}) =>
    cli(argv, { key, ...opts, env: { VOICECTL_BASE_URL: server.url, ...opts.env } });
  return { server, run };
}
