// campaigns list: what it runs (the declaration is list.ts).
import type { Factory } from '../../factory.js';
import { type AgentContext, listPage } from '../agent.js';
import type { Column } from '../../io/output.js';
import { Campaign } from '../../schemas/campaigns.js';
import { recordFilter } from '../list-filters.js';
import { type ListQuery, runList } from '../list.js';
import type { CampaignsListOptions } from './list.js';
import { countersText } from './shared.js';

type Rec = Record<string, unknown>;

const count = (key: string) => (r: Rec) => {
  const c = r.counters as Rec | undefined;
  return c && typeof c === 'object' && c[key] !== undefined && c[key] !== null ? String(c[key]) : '';
};

/**
 * On a terminal the counts people look for each have a column: contacts, completed, failed. On a narrow terminal
 * CREATED goes first (campaigns show has it), then CALLING, PENDING and CONTACTS; COMPLETED and FAILED stay, and NAME
 * takes what is left, cut with "…".
 */
const TABLE_COLUMNS: Column<Rec>[] = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'NAME', width: 30, fill: 16 },
  { key: 'status', header: 'STATUS' },
  { key: 'total', header: 'CONTACTS', human: count('total'), drop: 1 },
  { key: 'completed', header: 'COMPLETED', human: count('completed') },
  { key: 'failed', header: 'FAILED', human: count('failed') },
  { key: 'pending', header: 'PENDING', human: count('pending'), drop: 2 },
  { key: 'inProgress', header: 'CALLING', human: count('inProgress'), drop: 3 },
  { key: 'createdAt', header: 'CREATED', time: true, drop: 4 },
];

/** CSV and the other formats: the record's own fields (counters as one cell of JSON, as --json has them). */
const DATA_COLUMNS: Column<Rec>[] = [
  { key: 'id' },
  { key: 'name' },
  { key: 'status' },
  { key: 'createdAt' },
  { key: 'counters', human: countersText },
];

/**
 * The request of campaigns list, for the CLI and an agent alike: one page (readPage), or every page for --all and
 * the filters, which the API does not apply (walkPages, through runList).
 */
const request: ListQuery<Campaign> = { path: '/v1/campaigns', item: Campaign };

export async function run(f: Factory, { status, since, until, ...opts }: CampaignsListOptions): Promise<void> {
  await runList(f, opts, {
    ...request,
    filter: recordFilter({ status, since, until }, f.clock.now()),
    columns: f.output().format === 'table' ? TABLE_COLUMNS : DATA_COLUMNS,
    emptyMessage: `No campaigns yet. Create one with: ${f.commandLine.invocation()} campaigns create --help`,
  });
}

export const act = (ctx: AgentContext, _input: unknown, _sent: unknown, opts: CampaignsListOptions) =>
  listPage(ctx, request, opts.page);
