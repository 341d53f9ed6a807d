// What every `<resource> list` shares: --page/--limit for one page, --all for every page (streamed,
// fetched with bounded concurrency), and the output contract for lists.
import { z } from 'zod';
import type { Query } from '../api/client.js';
import { fetchPage, paginateRecords } from '../api/paginate.js';
import type { Factory } from '../factory.js';
import { printList, type Column } from '../io/output.js';
import { decimal, PageLimit, PageNumber } from '../schemas/common.js';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from './list-flags.js';

export { addListOptions } from './list-flags.js';

export const ListOptions = z
  .object({
    page: PageNumber.optional(),
    limit: PageLimit.optional(),
    all: z.boolean().default(false),
    concurrency: decimal(z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, `must be between 1 and ${MAX_CONCURRENCY}`).max(MAX_CONCURRENCY, `must be between 1 and ${MAX_CONCURRENCY}`)).default(DEFAULT_CONCURRENCY),
  })
  .refine((o) => !(o.all && o.page !== undefined), { message: 'cannot be combined with --page', path: ['all'] });
export type ListOptions = z.infer<typeof ListOptions>;

export interface ListRequest<T extends Record<string, unknown>> {
  path: string;
  /** Filters, sent as query parameters when set. */
  query?: Query;
  item: z.ZodType<T>;
  columns: Column<T>[] | ((first: T | undefined) => Column<T>[]);
  emptyMessage?: string;
}

export async function runList<T extends Record<string, unknown>>(f: Factory, opts: ListOptions, req: ListRequest<T>): Promise<void> {
  const out = f.output();
  const client = await f.client();
  if (opts.all) {
    const records = paginateRecords(client, req.item, { path: req.path, query: req.query, limit: opts.limit, concurrency: opts.concurrency, signal: f.signal });
    await printList(f.io, out, records, { columns: req.columns, emptyMessage: req.emptyMessage });
    return;
  }
  const page = await fetchPage(client, req.item, req.path, { ...req.query, page: opts.page, limit: opts.limit }, f.signal);
  // JSON carries pagination only when the user asked for a page; a table always says when more pages exist.
  const showPagination = opts.page !== undefined || out.format === 'table';
  await printList(f.io, out, page.records, {
    columns: req.columns,
    emptyMessage: req.emptyMessage,
    pagination: showPagination ? page.pagination : undefined,
  });
}
