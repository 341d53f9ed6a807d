// campaigns list: what it runs (the declaration is list.ts).
import type { Factory } from '../../factory.js';
import { type AgentContext, listPage } from '../agent.js';
import type { Column } from '../../io/output.js';
import { Campaign } from '../../schemas/campaigns.js';
import { type ListOptions, runList } from '../list.js';
import { countersText } from './shared.js';

type Rec = Record<string, unknown>;

const COLUMNS: Column<Rec>[] = [
  { key: 'id', header: 'ID' },
  // On a narrow terminal CREATED goes first (campaigns show has it); PROGRESS takes what is left, cut with "…".
  { key: 'name', header: 'NAME', width: 30 },
  { key: 'status', header: 'STATUS' },
  { key: 'createdAt', header: 'CREATED', time: true, drop: 1 },
  { key: 'counters', header: 'PROGRESS', human: countersText, fill: 20 },
];

const request = { path: '/v1/campaigns', item: Campaign };

export async function run(f: Factory, opts: ListOptions): Promise<void> {
  await runList(f, opts, {
    ...request,
    columns: COLUMNS,
    emptyMessage: `No campaigns yet. Create one with: ${f.commandLine.invocation()} campaigns create --help`,
  });
}

export const act = (ctx: AgentContext, { page }: { page?: number }) => listPage(ctx, request, page);
