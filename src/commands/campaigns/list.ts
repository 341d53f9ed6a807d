import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import type { Column } from '../../io/output.js';
import { parseOptions } from '../../options.js';
import { Campaign } from '../../schemas/campaigns.js';
import { examples } from '../help.js';
import { addListOptions, ListOptions, runList } from '../list.js';
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

async function listRun(f: Factory, opts: ListOptions): Promise<void> {
  await runList(f, opts, {
    path: '/v1/campaigns',
    item: Campaign,
    columns: COLUMNS,
    emptyMessage: `No campaigns yet. Create one with: ${f.commandLine.invocation()} campaigns create --help`,
  });
}

export function makeListCommand(f: Factory, run = listRun): Command {
  const cmd = addListOptions(
    new Command('list').description("List the organization's campaigns (reference 4.6), newest first in the sandbox."),
  );
  cmd.action(async (raw: Rec) => {
    await run(f, parseOptions(ListOptions, raw));
  });
  return examples(cmd, [
    'voicectl campaigns list',
    'voicectl campaigns list --all --json | jq -r \'.[] | select(.status == "RUNNING") | .id\'',
    'voicectl campaigns list --page 2 --limit 50',
  ]);
}
