// Walks every page of a list endpoint (reference "Pagination": increase page until page >= totalPages).
// After page 1 reveals totalPages, the rest are fetched with bounded concurrency and yielded in order,
// each as soon as it and all before it have arrived, so memory stays bounded by the window.
import type { z } from 'zod';
import { listEnvelope, PAGINATION, type Pagination } from '../schemas/common.js';
import type { ApiClient, Query } from './client.js';

export interface Page<T> {
  records: T[];
  pagination?: Pagination;
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
  signal?: AbortSignal;
}

export { DEFAULT_CONCURRENCY } from '../commands/list-flags.js';
import { DEFAULT_CONCURRENCY } from '../commands/list-flags.js';

export async function fetchPage<S extends z.ZodType>(
  client: ApiClient,
  item: S,
  path: string,
  query: Query,
  signal?: AbortSignal,
): Promise<Page<z.infer<S>>> {
  const res = await client.json({ method: 'GET', path, query, signal }, listEnvelope(item));
  const body = res.body as { data: z.infer<S>[]; pagination?: Pagination };
  return { records: body.data, pagination: body.pagination, requestId: res.requestId };
}

export async function* paginate<S extends z.ZodType>(
  client: ApiClient,
  item: S,
  opts: PaginateOptions,
): AsyncGenerator<Page<z.infer<S>>> {
  const limit = opts.limit ?? PAGINATION.maxLimit;
  const concurrency = Math.max(1, opts.concurrency ?? DEFAULT_CONCURRENCY);
  const get = (page: number) => fetchPage(client, item, opts.path, { ...opts.query, page, limit }, opts.signal);

  const start = opts.startPage ?? 1;
  const first = await get(start);
  yield first;
  const totalPages = first.pagination?.totalPages ?? 1;
  if (totalPages <= start) return;

  const inFlight = new Map<number, Promise<Page<z.infer<S>>>>();
  let next = start + 1;
  const fill = () => {
    while (next <= totalPages && inFlight.size < concurrency) {
      const p = get(next);
      p.catch(() => undefined); // surfaced when awaited in order below
      inFlight.set(next, p);
      next++;
    }
  };
  try {
    for (let page = start + 1; page <= totalPages; page++) {
      fill();
      const result = await inFlight.get(page)!;
      inFlight.delete(page);
      yield result;
    }
  } finally {
    inFlight.clear();
  }
}

/** Every record of every page, in order. */
export async function* paginateRecords<S extends z.ZodType>(
  client: ApiClient,
  item: S,
  opts: PaginateOptions,
): AsyncGenerator<z.infer<S>> {
  for await (const page of paginate(client, item, opts)) yield* page.records;
}
