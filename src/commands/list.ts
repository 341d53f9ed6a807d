// What every `<resource> list` shares: --page/--limit for one page, --all for every page (streamed,
// fetched with bounded concurrency), and the output contract for lists.
import type * as z from 'zod/mini';
import type { Query } from '../api/client.js';
import { fetchPage, paginate } from '../api/paginate.js';
import { CliError, UsageError } from '../errors.js';
import type { Factory } from '../factory.js';
import { asInterrupt } from '../io/interrupt.js';
import { printList, type Column } from '../io/output.js';
import { PAGINATION } from '../schemas/common.js';
import type { ListOptions } from './list-flags.js';
import { filtering, type RecordFilter } from './list-filters.js';

export { ListOptions } from './list-flags.js';

export interface ListRequest<T extends Record<string, unknown>> {
  path: string;
  /** Filters, sent as query parameters when set. */
  query?: Query;
  item: z.core.$ZodType<T>;
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

export async function runList<T extends Record<string, unknown>>(
  f: Factory,
  opts: ListOptions,
  req: ListRequest<T>,
): Promise<void> {
  const out = f.output();
  const client = await f.client();
  const filter = req.filter;
  if (opts.all || filter) {
    // --all --page N walks from page N on: what the hint below prints to resume an interrupted walk. --page N is
    // the same page with or without --all (README "Output"): pages of --limit, or of the API's default size when
    // --page comes alone, as the table footer counts them. A walk from the start with neither reads pages of the
    // most the API allows (fewer requests), and its resume command then names that size.
    const start = opts.page ?? 1;
    const limit = opts.limit ?? (opts.page !== undefined ? PAGINATION.defaultLimit : undefined);
    const resumeSize: Record<string, string> = limit === undefined ? { '--limit': String(PAGINATION.maxLimit) } : {};
    let done = start - 1;
    let total: number | undefined;
    const pages = paginate(client, req.item, {
      path: req.path,
      query: req.query,
      limit,
      concurrency: opts.concurrency,
      signal: f.signal,
      startPage: start,
      maxPages: maxPagesFrom(f.env),
    });
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
  const page = await fetchPage(
    client,
    req.item,
    req.path,
    { ...req.query, page: opts.page, limit: opts.limit },
    f.signal,
  );
  // JSON carries pagination only when the user asked for a page; a table always says when more pages exist.
  const showPagination = opts.page !== undefined || out.format === 'table';
  await printList(f.io, out, page.records, {
    columns: req.columns,
    emptyMessage: req.emptyMessage,
    pagination: showPagination ? page.pagination : undefined,
  });
}
