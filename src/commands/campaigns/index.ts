import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { examples } from '../help.js';
import { makeCreateCommand } from './create.js';
import { makeListCommand } from './list.js';
import { makeResultsCommand } from './results.js';
import { makeShowCommand } from './show.js';
import { makeStartCommand } from './start.js';
import { makeWaitCommand } from './wait.js';

export function make(f: Factory): Command {
  const cmd = new Command('campaigns').description(
    'Outbound AI call campaigns: create (with a dry-run attempt plan), start, list, show, wait for the outcome, results per contact.',
  );
  cmd.addCommand(makeCreateCommand(f));
  cmd.addCommand(makeStartCommand(f));
  cmd.addCommand(makeListCommand(f));
  cmd.addCommand(makeShowCommand(f));
  cmd.addCommand(makeWaitCommand(f));
  cmd.addCommand(makeResultsCommand(f));
  return examples(cmd, [
    'voicectl campaigns create --name Nightly --agent agent_sales --from +390212345678 --contacts leads.csv --default-country IT --max-retries 2 --dry-run',
    'voicectl campaigns start cmp_0123456789abcdef',
    'voicectl campaigns list',
    'voicectl campaigns show cmp_0123456789abcdef --watch',
    'voicectl campaigns wait cmp_0123456789abcdef --exit-status --timeout 30m',
    'voicectl campaigns results cmp_0123456789abcdef --status not_reached --as-contacts follow-up.json',
  ]);
}
