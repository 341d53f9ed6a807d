// calls list: GET /v1/calls. The reference shows this endpoint only as an example of pagination (4.10):
// neither its filters nor its record fields are documented. Records are shown as they come back
// (inferColumns on a terminal, untouched JSON otherwise); filters are sent as query parameters, unverified.
import * as z from 'zod/mini';
import type { Factory } from '../../factory.js';
import { localTime } from '../../io/format.js';
import { type Column, inferColumns } from '../../io/output.js';
import { Call } from '../../schemas/calls.js';
import { runList } from '../list.js';
import type { CallsListOptions } from './list.js';

/**
 * Table columns from the fields of the first record, in the order of inferColumns: id, status, the timestamps (local
 * time, without the relative hint that would repeat on each), then the rest, fields empty in the sample last.
 * Columns are dropped from the end while a row is wider than the terminal. CSV keeps the order of inferColumns.
 */
function tableColumns(sample: Record<string, unknown> | undefined, cols: Column[]): Column[] {
  const late = (c: Column) =>
    !c.time &&
    c.key !== 'id' &&
    c.key !== 'status' &&
    (sample?.[c.key] === null || sample?.[c.key] === undefined || sample?.[c.key] === '');
  return [...cols.filter((c) => !late(c)), ...cols.filter(late)].map((c, i) => ({
    ...c,
    ...(c.time ? { time: false, human: (r: Record<string, unknown>) => localTime(r[c.key]) } : {}),
    ...(i > 0 ? { drop: i } : {}),
  }));
}

export async function run(f: Factory, { campaign, ...list }: CallsListOptions): Promise<void> {
  const table = f.output().format === 'table';
  let warned = false;
  // The filter is unverified: if the records name their campaign and it is another one, say the service ignored it.
  const item =
    campaign === undefined
      ? Call
      : z.pipe(
          Call,
          z.transform((r: z.infer<typeof Call>) => {
            const id = r.campaignId;
            if (!warned && typeof id === 'string' && id !== campaign) {
              warned = true;
              f.warn(
                `warning: the service returned calls of campaign ${id}: it seems to ignore the campaignId filter (not documented by the API)`,
              );
            }
            return r;
          }),
        );
  await runList(f, list, {
    path: '/v1/calls',
    query: { campaignId: campaign },
    item,
    columns: (first) => (table ? tableColumns(first, inferColumns(first, 30)) : inferColumns(first, 30)),
    emptyMessage: campaign ? `No calls for campaign ${campaign}.` : 'No calls.',
  });
}
