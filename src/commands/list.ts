// What every `<resource> list` shares: --page/--limit for one page, --all for every page (streamed,
// fetched with bounded concurrency), and the output contract for lists. An agent's page is read by readPage too.
import type * as z from 'zod/mini';
import type { Query } from '../api/client.js';
import { fetchPage, type Page, paginate } from '../api/paginate.js';
import { CliError, UsageError } from '../errors.js';
import type { Factory } from '../factory.js';
import { asInterrupt } from '../io/interrupt.js';
import { printList, type Column } from '../io/output.js';
import { PAGINATION } from '../schemas/common.js';
import type { ListOptions } from './list-flags.js';
import { filtering, type RecordFilter } from './list-filters.js';

export { ListOptions } from './list-flags.js';

/** What a list command asks for, from the CLI or an agent: its path, its filters and the schema of an item. */
export interface ListQuery<T = unknown> {
  path: string;
  /** Filters, sent as query parameters when set. */
  query?: Query;
  item: z.core.$ZodType<T>;
}

export interface ListRequest<T extends Record<string, unknown>> extends ListQuery<T> {
  columns: Column<T>[] | ((first: T | undefined) => Column<T>[]);
  emptyMessage?: string;
  /**
   * Filters the API does not apply: the records are walked page by page (as --all) and only those it keeps are
   * printed; a newest-first list stops at the first record older than --since.
   */
  filter?: RecordFilter<T>;
}

/** VOICECTL_MAX_PAGES raises (or lowers) the most pages one --all walk reads. */
export function maxPagesFrom(env: Record<string, string | undefined>): number | undefined {
  const raw = env.VOICECTL_MAX_PAGES;
  if (raw === undefined || raw === '') return undefined;
  if (!/^[1-9]\d*$/.test(raw)) throw new UsageError(`VOICECTL_MAX_PAGES must be a whole number from 1 (got "${raw}")`);
  return Number(raw);
}

/** One page of a list (the API's default size without `limit`), for the CLI and an agent alike. */
export async function readPage<T>(
  f: Factory,
  req: ListQuery<T>,
  { page, limit }: { page?: number; limit?: number },
): Promise<Page<T>> {
  return fetchPage(await f.client(), req.item, req.path, { ...req.query, page, limit }, f.signal);
}

/** A walk of a list's pages, and the page size it asked for (the resume command of an interrupted walk names it). */
interface Walk<T> {
  start: number;
  /** undefined: the most the API allows. */
  limit?: number;
  pages: AsyncGenerator<Page<T>>;
}

/**
 * Every page of a list from `page` on (--all, or filters the API does not apply), bounded by VOICECTL_MAX_PAGES.
 * --page N is the same page with or without --all (README "Output"): pages of --limit, or of the API's default
 * size when --page comes alone, as the table footer counts them. A walk from the start with neither reads pages of
 * the most the API allows (fewer requests).
 */
async function walkPages<T>(
  f: Factory,
  req: ListQuery<T>,
  opts: { page?: number; limit?: number; concurrency?: number },
): Promise<Walk<T>> {
  const client = await f.client();
  const start = opts.page ?? 1;
  const limit = opts.limit ?? (opts.page !== undefined ? PAGINATION.defaultLimit : undefined);
  const pages = paginate(client, req.item, {
    path: req.path,
    query: req.query,
    limit,
    concurrency: opts.concurrency,
    signal: f.signal,
    startPage: start,
    maxPages: maxPagesFrom(f.env),
  });
  return { start, limit, pages };
}

export async function runList<T extends Record<string, unknown>>(
  f: Factory,
  opts: ListOptions,
  req: ListRequest<T>,
): Promise<void> {
  const out = f.output();
  const filter = req.filter;
  if (opts.all || filter) {
    const { start, limit, pages } = await walkPages(f, req, opts);
    const resumeSize: Record<string, string> = limit === undefined ? { '--limit': String(PAGINATION.maxLimit) } : {};
    let done = start - 1;
    let total: number | undefined;
    async function* records() {
      for await (const page of pages) {
        total ??= page.pagination?.totalPages;
        yield* page.records;
        // The page asked for, not the one the service reports: the resume command must be right even if it lies.
        done = page.number;
      }
    }
    try {
      await printList(f.io, out, filter ? filtering(records(), filter) : records(), {
        columns: req.columns,
        emptyMessage: filter
          ? `${(req.emptyMessage ?? 'No results.').replace(/\.$/, '')} matching ${filter.text}.`
          : req.emptyMessage,
      });
    } catch (raw) {
      // Ctrl-C arrives as the abort signal's reason; it becomes the usual interrupt, with the hint.
      const err = asInterrupt(raw, f.signal);
      if (err instanceof CliError && total !== undefined && done < total) {
        const printed =
          done >= start ? `Printed pages ${start} to ${done} of ${total}.` : `No page of ${total} was printed.`;
        err.hints.push(
          `${printed} The rest: ${f.commandLine.withFlags({ '--page': String(done + 1), ...resumeSize })}`,
        );
      }
      throw err;
    }
    return;
  }
  const page = await readPage(f, req, opts);
  // JSON carries pagination only when the user asked for a page; a table always says when more pages exist.
  const showPagination = opts.page !== undefined || out.format === 'table';
  await printList(f.io, out, page.records, {
    columns: req.columns,
    emptyMessage: req.emptyMessage,
    pagination: showPagination ? page.pagination : undefined,
  });
}
