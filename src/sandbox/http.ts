// What a sandbox route sees and returns. Resource modules (resources/*.ts) register routes of this shape.
import { ErrorBody, PageQuery } from '../schemas/common.js';
import type { SandboxSettings } from './settings.js';
import type { KeyRecord, Org, SandboxState } from './state.js';

export interface RouteContext {
  state: SandboxState;
  /** The caller's organization (routes with auth: false get the first one; do not use it there). */
  org: Org;
  key?: KeyRecord;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  now: number;
  settings: SandboxSettings;
  requestId: string;
  /** The origin the client used to reach the sandbox (for URLs it hands out, such as audioUrl). */
  origin: string;
  headers: import('node:http').IncomingHttpHeaders;
}

export interface RouteResult {
  status: number;
  /** JSON body; objects get requestId added. */
  body?: unknown;
  /** A non-JSON body (audio). */
  raw?: { contentType: string; data: Buffer };
  /** Extra response headers. */
  headers?: Record<string, string>;
}

export interface Route {
  method: 'GET' | 'POST';
  /** Path with :name parameters, e.g. /v1/tts/:id. */
  pattern: string;
  /** Default true: a Bearer key with the scope of the endpoint table (schemas/endpoints.ts). */
  auth?: boolean;
  /** 'ignored': the route reads no body, so a malformed one is no error (default 'json': 400 when not JSON). */
  body?: 'json' | 'ignored';
  handle(ctx: RouteContext): RouteResult | Promise<RouteResult>;
}

export interface ResourceModule<Slice> {
  /** The resource's part of a fresh state. */
  init(state: import('./state.js').CoreState, now: number, settings: SandboxSettings): Slice;
  /** Moves time-driven records forward to `now` (called before each request). */
  advance?(state: SandboxState, now: number, settings: SandboxSettings): void;
  routes: Route[];
}

/** An error answered with the envelope of sandbox/README.md: {error:{code,message,details?},requestId}. */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: { field: string; message: string }[],
  ) {
    super(message);
  }
}

/** The one way the sandbox writes an error body: the `ErrorBody` schema's shape, checked by it. */
export function errorBody(e: Pick<SandboxError, 'code' | 'message' | 'details'>, requestId: string): ErrorBody {
  return ErrorBody.parse({
    error: { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) },
    requestId,
  });
}

export const ok = (data: unknown, status = 200): RouteResult => ({ status, body: { data } });

/** Validation failure from a zod error, with one detail per issue. */
export function validationError(issues: { path: PropertyKey[]; message: string }[]): SandboxError {
  const details = issues.map((i) => ({ field: i.path.map(String).join('.') || 'body', message: i.message }));
  return new SandboxError(400, 'validation_error', details.map((d) => `${d.field}: ${d.message}`).join('; '), details);
}

/**
 * One page of `items` under the pagination convention; page and limit validated (limit 1..100, default 20).
 * `view` turns a stored record into what the API returns; only the records of the page go through it.
 */
export function paginate<T>(items: T[], query: URLSearchParams, view: (item: T) => unknown = (x) => x): RouteResult {
  const parsed = PageQuery.safeParse({ page: query.get('page') ?? undefined, limit: query.get('limit') ?? undefined });
  if (!parsed.success) throw validationError(parsed.error.issues);
  const { page, limit } = parsed.data;
  const total = items.length;
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    status: 200,
    body: {
      data: items.slice((page - 1) * limit, page * limit).map(view),
      pagination: { page, limit, total, totalPages },
    },
  };
}
