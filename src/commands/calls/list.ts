// calls list: GET /v1/calls. The reference shows this endpoint only as an example of pagination (4.10):
// neither its filters nor its record fields are documented. Records are shown as they come back
// (inferColumns on a terminal, untouched JSON otherwise); filters are sent as query parameters, unverified.
import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import type { Column } from '../../io/output.js';
import { examples } from '../help.js';
import { addListOptions } from '../list-flags.js';
import type { ListOptions } from '../list.js';

export interface CallsListOptions {
  list: ListOptions;
  /** Sent as the query parameter campaignId; the reference does not document it. */
  campaign?: string;
}

/**
 * Table columns from the fields of the first record. Its id, status and first timestamp lead (inferColumns);
 * one timestamp is enough to scan by, fields empty in the sample go last, and columns stop where the terminal
 * ends, so a row stays on one line. CSV keeps the order of inferColumns with every timestamp.
 */
function tableColumns(sample: Record<string, unknown> | undefined, cols: Column[], width: number): Column[] {
  const firstTime = cols.findIndex((c) => c.time);
  const one = cols.filter((c, i) => !c.time || i === firstTime);
  const empty = (c: Column) => sample?.[c.key] === null || sample?.[c.key] === undefined || sample?.[c.key] === '';
  const ordered = [...one.filter((c) => !empty(c)), ...one.filter(empty)];
  const out: Column[] = [];
  let used = 0;
  for (const c of ordered) {
    const w = Math.max(c.key.length, c.time ? 28 : String(sample?.[c.key] ?? '').length) + 2;
    if (out.length > 0 && used + w > width) continue;
    out.push(c);
    used += w;
  }
  return out;
}

export async function listRun(f: Factory, opts: CallsListOptions): Promise<void> {
  const [{ runList }, { Call }, { inferColumns }] = await Promise.all([import('../list.js'), import('../../schemas/calls.js'), import('../../io/output.js')]);
  const table = f.output().format === 'table';
  let warned = false;
  // The filter is unverified: if the records name their campaign and it is another one, say the service ignored it.
  const item = opts.campaign === undefined ? Call : Call.transform((r) => {
    const id = (r as Record<string, unknown>).campaignId;
    if (!warned && typeof id === 'string' && id !== opts.campaign) {
      warned = true;
      f.warn(`warning: the service returned calls of campaign ${id}: it seems to ignore the campaignId filter (not documented by the API)`);
    }
    return r;
  });
  await runList(f, opts.list, {
    path: '/v1/calls',
    query: { campaignId: opts.campaign },
    item,
    columns: (first) => (table ? tableColumns(first, inferColumns(first, 30), f.io.columns || 120) : inferColumns(first, 30)),
    emptyMessage: opts.campaign ? `No calls for campaign ${opts.campaign}.` : 'No calls.',
  });
}

export function makeListCommand(f: Factory, run = listRun): Command {
  const cmd = new Command('list')
    .description('List call records, newest first (GET /v1/calls).\n\nThe API does not document the fields of a call: the table shows the ones that come back (id, status and timestamps first), and JSON passes them through untouched.')
    .option('--campaign <id>', 'only calls of this campaign; sent as the query parameter campaignId, which the API does not document (unverified)');
  addListOptions(cmd).action(async (raw: Record<string, unknown>) => {
    const [{ parseOptions }, { ListOptions }, { z }] = await Promise.all([import('../../options.js'), import('../list.js'), import('zod')]);
    const list = parseOptions(ListOptions, { page: raw.page, limit: raw.limit, all: raw.all, concurrency: raw.concurrency });
    const { campaign } = parseOptions(z.object({ campaign: z.string().trim().min(1, 'must not be empty').optional() }), { campaign: raw.campaign });
    await run(f, { list, campaign });
  });
  return examples(cmd, [
    'voicectl calls list',
    'voicectl calls list --campaign cmp_123 --all -o ndjson',
    'voicectl calls list --all --json | jq \'group_by(.status) | map({status: .[0].status, n: length})\'',
  ]);
}
