// campaigns: create, start, list, show.
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { defineGroup, makeGroup } from '../define.js';
import { createCommand } from './create.js';
import { listCommand } from './list.js';
import { showCommand } from './show.js';
import { startCommand } from './start.js';

export const group = defineGroup({
  name: 'campaigns',
  summary: 'Outbound AI call campaigns: create (with a dry-run attempt plan), start, list, show.',
  examples: [
    'voicectl campaigns create --name Nightly --agent agent_sales --from +390212345678 --contacts leads.csv --default-country IT --max-retries 2 --dry-run',
    'voicectl campaigns start cmp_0123456789abcdef',
    'voicectl campaigns list',
    'voicectl campaigns show cmp_0123456789abcdef --watch',
  ],
  commands: [createCommand, startCommand, listCommand, showCommand],
});

export const make = (f: Factory): Command => makeGroup(f, group);
