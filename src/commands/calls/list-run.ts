// calls list: GET /v1/calls. The reference shows this endpoint only as an example of pagination (4.10):
// neither its filters nor its record fields are documented. Records are shown as they come back
// (inferColumns on a terminal, untouched JSON otherwise); filters are sent as query parameters, unverified.
import * as z from 'zod/mini';
import type { Factory } from '../../factory.js';
import { localTime } from '../../io/format.js';
import { type Column, inferColumns } from '../../io/output.js';
import { Call } from '../../schemas/calls.js';
import { recordFilter } from '../list-filters.js';
import { type ListQuery, runList } from '../list.js';
import { type AgentContext, listPage } from '../agent.js';
import type { CallsListOptions } from './list.js';

/**
 * The fields of a call that say what happened, in the order a person reads them, with the rank at which each gives
 * way on a narrow terminal (higher goes first): at 80 columns the id, the outcome (`status`), the number dialled, the
 * caller ID and the attempt stay; the start time follows from 90. Only the fields the first record has are shown.
 */
const KNOWN: Record<string, { header?: string; order: number; drop?: number }> = {
  id: { order: 0 },
  status: { order: 1 },
  toNumber: { header: 'TO', order: 2 },
  fromNumber: { header: 'FROM', order: 3, drop: 3 },
  attempt: { order: 4, drop: 4 },
  startedAt: { header: 'STARTED', order: 5, drop: 5 },
  durationSeconds: { header: 'SECONDS', order: 6, drop: 6 },
};

/**
 * Table columns from the fields of the first record: the known ones above, then the rest in the order of
 * inferColumns (timestamps first, fields empty in the sample last), which give way first, from the end. Timestamps
 * read as local time, without the relative hint that would repeat on each row. CSV keeps the order of inferColumns.
 */
function tableColumns(sample: Record<string, unknown> | undefined, cols: Column[]): Column[] {
  const empty = (c: Column) => sample?.[c.key] === null || sample?.[c.key] === undefined || sample?.[c.key] === '';
  const known = cols.filter((c) => KNOWN[c.key]).sort((a, b) => KNOWN[a.key].order - KNOWN[b.key].order);
  const rest = cols.filter((c) => !KNOWN[c.key]);
  const ordered = [...known, ...rest.filter((c) => !empty(c)), ...rest.filter(empty)];
  return ordered.map((c, i) => {
    const k = KNOWN[c.key];
    return {
      ...c,
      ...(k?.header ? { header: k.header } : {}),
      ...(c.time ? { time: false, human: (r: Record<string, unknown>) => localTime(r[c.key]) } : {}),
      ...(k ? (k.drop !== undefined ? { drop: k.drop } : {}) : { drop: 10 + i }),
    };
  });
}

/**
 * The request of calls list, for the CLI and an agent alike: GET /v1/calls, the campaign sent as campaignId. That
 * filter is unverified: if the records name their campaign and it is another one, the service ignored it, and the
 * work says so once (a note for an agent).
 */
function callsQuery(f: Factory, campaign: string | undefined): ListQuery<Call> {
  if (campaign === undefined) return { path: '/v1/calls', item: Call };
  let warned = false;
  const item = z.pipe(
    Call,
    z.transform((r: Call) => {
      const id = r.campaignId;
      if (!warned && typeof id === 'string' && id !== campaign) {
        warned = true;
        f.log.warn(
          `warning: the service returned calls of campaign ${id}: it seems to ignore the campaignId filter (not documented by the API)`,
        );
      }
      return r;
    }),
  );
  return { path: '/v1/calls', query: { campaignId: campaign }, item };
}

export async function run(
  f: Factory,
  { campaign, status, to, since, until, ...list }: CallsListOptions,
): Promise<void> {
  const table = f.output().format === 'table';
  await runList(f, list, {
    ...callsQuery(f, campaign),
    filter: recordFilter({ status, to, since, until }, f.clock.now(), { to: ['toNumber', 'to'] }, true),
    columns: (first) => (table ? tableColumns(first, inferColumns(first, 30)) : inferColumns(first, 30)),
    emptyMessage: campaign ? `No calls for campaign ${campaign}.` : 'No calls.',
  });
}

export const act = (ctx: AgentContext, _input: unknown, _sent: unknown, opts: CallsListOptions) =>
  listPage(ctx, callsQuery(ctx.f, opts.campaign), opts.page);
