// Faults injected into the sandbox (tests, benchmarks, `voicectl sandbox` settings): each request is matched
// against them before any route, and the first that applies answers it, breaks it or delays it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody } from './http.js';
import type { LogEntry } from './server.js';
import { Fault } from './settings.js';

export class Faults {
  private list: (Fault & { used: number; skipped?: number })[] = [];
  /** Requests held by a fault's `gate`, released together. */
  private readonly held = new Map<object, (() => void)[]>();

  add(fault: Fault): void {
    this.list.push({ ...Fault.parse(fault), used: 0 });
  }

  clear(): void {
    this.list = [];
  }

  /** Applies the first matching fault; true when it answered (or broke) the request itself. */
  async apply(
    method: string,
    path: string,
    req: IncomingMessage,
    res: ServerResponse,
    entry: LogEntry,
    requestId: string,
  ): Promise<boolean> {
    const fault = this.take(method, path);
    if (!fault) return false;
    if (fault.gate) await this.hold(fault, fault.gate);
    if (fault.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
    return answer(fault, path, req, res, entry, requestId);
  }

  /**
   * The first fault that applies to the request, its use counted; every other fault matching the request counts
   * it towards its `skip`.
   */
  private take(method: string, path: string): Fault | undefined {
    const matches = (f: Fault) => (!f.method || f.method === method) && (!f.path || path.startsWith(f.path));
    const fault = this.list.find(
      (f) => matches(f) && (f.times === undefined || f.used < f.times) && (f.skipped ?? 0) >= (f.skip ?? 0),
    );
    for (const f of this.list) {
      if (f === fault || !matches(f)) continue;
      if ((f.skipped ?? 0) < (f.skip ?? 0)) f.skipped = (f.skipped ?? 0) + 1;
    }
    if (fault) fault.used++;
    return fault;
  }

  /** Holds the request until `gate` requests wait on the fault (or 10 s pass), then releases them together. */
  private hold(fault: object, gate: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const held = (this.held.get(fault) ?? []).concat(resolve);
      if (held.length < gate) {
        this.held.set(fault, held);
        setTimeout(resolve, 10_000).unref();
        return;
      }
      this.held.delete(fault);
      for (const r of held) r();
    });
  }
}

/** Answers (or breaks) the request as the fault's kind says; false for a fault that only delays it. */
function answer(
  fault: Fault,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
  entry: LogEntry,
  requestId: string,
): boolean {
  const headers: Record<string, string> = { 'x-request-id': requestId };
  if (fault.retryAfter) headers['retry-after'] = fault.retryAfter;
  switch (fault.kind) {
    case 'close':
      entry.status = -1;
      req.socket.destroy();
      return true;
    case 'hang':
      // Never answered: a client's timeout is then the only way the request ends, whatever the machine's load.
      entry.status = -1;
      return true;
    case 'cut':
    case 'stall':
      entry.status = 200;
      halfAnswer(fault.kind, path, res, headers, requestId);
      return true;
    case 'not-json':
      entry.status = fault.status ?? 200;
      res.writeHead(entry.status, { ...headers, 'content-type': 'application/json' });
      res.end('<<this is not json>>');
      return true;
    case 'html':
      entry.status = fault.status ?? 502;
      res.writeHead(entry.status, { ...headers, 'content-type': 'text/html' });
      res.end(
        '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>',
      );
      return true;
    case 'redirect':
      entry.status = fault.status ?? 302;
      res.writeHead(entry.status, { ...headers, location: fault.location ?? '/' });
      res.end();
      return true;
    case 'missing-data':
      entry.status = 200;
      res.writeHead(200, { ...headers, 'content-type': 'application/json' });
      res.end(JSON.stringify({ requestId }));
      return true;
    default:
      if (!fault.status) return false; // latency only
      entry.status = fault.status;
      res.writeHead(fault.status, { ...headers, 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          errorBody({ code: codeOf(fault.status), message: `injected fault: HTTP ${fault.status}` }, requestId),
        ),
      );
      return true;
  }
}

function codeOf(status: number): string {
  return status === 429 ? 'rate_limited' : status >= 500 ? 'internal_error' : 'injected';
}

/** Half an answer of the kind asked for: audio for an audio file (a client refuses JSON as audio), else JSON. */
function halfAnswer(
  kind: 'cut' | 'stall',
  path: string,
  res: ServerResponse,
  headers: Record<string, string>,
  requestId: string,
): void {
  const audio = path.startsWith('/files/');
  const full = audio
    ? `RIFF${'x'.repeat(200)}`
    : JSON.stringify({ data: { id: 'cut', padding: 'x'.repeat(200) }, requestId });
  res.writeHead(200, {
    ...headers,
    'content-type': audio ? 'audio/wav' : 'application/json',
    'content-length': String(full.length),
  });
  res.write(full.slice(0, full.length / 2));
  if (kind === 'cut') setTimeout(() => res.destroy(), 10);
}
