// campaigns: create, start, list, show, wait, results, report, resources.
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { defineGroup, makeGroup } from '../define.js';
import { GROUP_SUMMARY } from '../groups.js';
import { createCommand } from './create/command.js';
import { listCommand } from './list.js';
import { reportCommand } from './report.js';
import { resourcesCommand } from './resources.js';
import { resultsCommand } from './results.js';
import { showCommand } from './show.js';
import { startCommand } from './start.js';
import { waitCommand } from './wait.js';

export const group = defineGroup({
  name: 'campaigns',
  summary: GROUP_SUMMARY.campaigns,
  description:
    'Outbound campaigns: create (with a dry-run attempt plan), start, list, show, wait for the outcome, results per contact, a report to send on, and the agents and caller numbers to use.',
  examples: [
    'voicectl campaigns create --name Nightly --agent agent_sales --from +390212345678 --contacts leads.csv --default-country IT --max-retries 2 --dry-run',
    'voicectl campaigns start cmp_0123456789abcdef',
    'voicectl campaigns list',
    'voicectl campaigns show cmp_0123456789abcdef --watch',
    'voicectl campaigns wait cmp_0123456789abcdef --exit-status --timeout 30m',
    'voicectl campaigns results cmp_0123456789abcdef --status not_reached --as-contacts follow-up.json',
  ],
  commands: [
    createCommand,
    startCommand,
    listCommand,
    showCommand,
    waitCommand,
    resultsCommand,
    reportCommand,
    resourcesCommand,
  ],
});

export const make = (f: Factory, words?: ReadonlySet<string>): Command => makeGroup(f, group, words);
