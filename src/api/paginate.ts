// Walks every page of a list endpoint (reference "Pagination": increase page until page >= totalPages).
// After page 1 reveals totalPages, the rest are fetched with bounded concurrency and yielded in order,
// each as soon as it and all before it have arrived, so memory stays bounded by the window. A page that repeats
// an earlier one, or brings no record not seen before, stops the walk (a service that is not paging).
import type * as z from 'zod/mini';
import { MalformedResponseError } from '../errors.js';
import { listEnvelope, PAGINATION, type Pagination } from '../schemas/common.js';
import type { ApiClient, Query } from './client.js';
import { MAX_PAGES } from './limits.js';

export interface Page<T> {
  /** The page number requested (not the one the service says: a service may lie). */
  number: number;
  records: T[];
  pagination?: Pagination;
  /** The HTTP status and requestId of the answer, for the errors about it. */
  status?: number;
  requestId?: string;
}

export interface PaginateOptions {
  path: string;
  query?: Query;
  /** Page size; --all uses the maximum to keep requests few. */
  limit?: number;
  /** Pages in flight at once after the first. */
  concurrency?: number;
  /** The first page to read (to resume a walk); 1 by default. */
  startPage?: number;
  /** Most pages one walk reads (README "Security"); a longer walk stops with an error that says how to resume. */
  maxPages?: number;
  signal?: AbortSignal;
}

export async function fetchPage<S extends z.core.$ZodType>(
  client: ApiClient,
  item: S,
  path: string,
  query: Query,
  signal?: AbortSignal,
): Promise<Page<z.infer<S>>> {
  const res = await client.json({ method: 'GET', path, query, signal }, listEnvelope(item));
  const body = res.body as { data: z.infer<S>[]; pagination?: Pagination };
  return {
    number: Number(query.page ?? 1),
    records: body.data,
    pagination: body.pagination,
    status: res.status,
    requestId: res.requestId,
  };
}

export async function* paginate<S extends z.core.$ZodType>(
  client: ApiClient,
  item: S,
  opts: PaginateOptions,
): AsyncGenerator<Page<z.infer<S>>> {
  const limit = opts.limit ?? PAGINATION.maxLimit;
  const concurrency = Math.max(1, opts.concurrency ?? PAGINATION.concurrency);
  const get = (page: number) => fetchPage(client, item, opts.path, { ...opts.query, page, limit }, opts.signal);

  const start = opts.startPage ?? 1;
  const maxPages = opts.maxPages ?? MAX_PAGES;
  const first = await get(start);
  yield first;
  const totalPages = first.pagination?.totalPages ?? 1;
  if (totalPages <= start) return;
  // The walk ends at totalPages, or at the ceiling when totalPages is beyond it (a service may lie).
  const last = Math.min(totalPages, start + maxPages - 1);

  const inFlight = new Map<number, Promise<Page<z.infer<S>>>>();
  let next = start + 1;
  const fill = () => {
    while (next <= last && inFlight.size < concurrency) {
      const p = get(next);
      p.catch(() => undefined); // surfaced when awaited in order below
      inFlight.set(next, p);
      next++;
    }
  };
  const seen = new Seen(opts.path);
  seen.add(first);
  try {
    for (let page = start + 1; page <= last; page++) {
      fill();
      const result = await inFlight.get(page)!;
      inFlight.delete(page);
      checkPage(opts.path, result, totalPages);
      seen.add(result);
      yield result;
    }
  } finally {
    inFlight.clear();
  }
  if (last < totalPages) {
    throw new MalformedResponseError(
      `GET ${opts.path}: stopped after ${maxPages.toLocaleString('en-US')} pages, the most one walk reads (the service says there are ${totalPages.toLocaleString('en-US')})`,
      {
        hints: ['Narrow the list with a filter, or raise the ceiling with VOICECTL_MAX_PAGES.'],
        response: responseOf(first),
      },
    );
  }
}

/** An empty page before the last one (the service says there are more) cannot be right. */
function checkPage(path: string, p: Page<unknown>, totalPages: number): void {
  if (p.records.length === 0 && p.number < totalPages) {
    throw new MalformedResponseError(
      `GET ${path}: page ${p.number} came back empty although the service says there are ${totalPages} pages; stopped`,
      { hints: p.requestId ? [`requestId: ${p.requestId}`] : [], response: responseOf(p) },
    );
  }
}

/** A record's id, when it has one (a string or a number). */
function idOf(record: unknown): string | undefined {
  if (record === null || typeof record !== 'object') return undefined;
  const id = (record as Record<string, unknown>).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/**
 * What a walk has printed: a digest of each page and the page each id first came on. A page that repeats any
 * earlier page (the service ignores `page`, or cycles), or that brings no record not seen before, stops the walk:
 * it would go on to the page ceiling printing duplicates. Memory is bounded by the ceiling: at most maxPages
 * digests, and maxPages × limit ids.
 */
class Seen {
  private readonly pages = new Map<string, number>();
  private readonly ids = new Map<string, number>();
  // node:crypto loads for a walk of more than one page, not with every list command (most read one page).
  private readonly createHash = process.getBuiltinModule('node:crypto').createHash;
  constructor(private readonly path: string) {}

  add(p: Page<unknown>): void {
    if (p.records.length === 0) return;
    const digest = this.createHash('sha256').update(JSON.stringify(p.records)).digest('base64');
    const hints = p.requestId ? [`requestId: ${p.requestId}`] : [];
    const same = this.pages.get(digest);
    if (same !== undefined) {
      throw new MalformedResponseError(
        `GET ${this.path}: page ${p.number} repeats page ${same} (the service is not paging); stopped`,
        { hints, response: responseOf(p) },
      );
    }
    const ids = p.records.map(idOf);
    if (this.pages.size > 0 && ids.every((id) => id !== undefined && this.ids.has(id))) {
      const id = ids[0]!;
      throw new MalformedResponseError(
        `GET ${this.path}: page ${p.number} brings no new record: all ${ids.length} of its ids came on earlier pages (${id} on page ${this.ids.get(id)}); the service is not paging; stopped`,
        { hints, response: responseOf(p) },
      );
    }
    this.pages.set(digest, p.number);
    for (const id of ids) if (id !== undefined && !this.ids.has(id)) this.ids.set(id, p.number);
  }
}

/** The answer a page came in, for an error about it. */
function responseOf(p: Page<unknown>): { status: number; requestId?: string } | undefined {
  return p.status === undefined ? undefined : { status: p.status, requestId: p.requestId };
}

/** Every record of every page, in order. */
export async function* paginateRecords<S extends z.core.$ZodType>(
  client: ApiClient,
  item: S,
  opts: PaginateOptions,
): AsyncGenerator<z.infer<S>> {
  for await (const page of paginate(client, item, opts)) yield* page.records;
}
