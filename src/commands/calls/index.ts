// calls: call records.
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { defineGroup, makeGroup } from '../define.js';
import { GROUP_SUMMARY } from '../groups.js';
import { listCommand } from './list.js';

export const group = defineGroup({
  name: 'calls',
  summary: GROUP_SUMMARY.calls,
  description: 'Campaign calls made by the AI agent, and other calls of the organization.',
  examples: ['voicectl calls list', 'voicectl calls list --campaign cmp_123 --json'],
  commands: [listCommand],
});

export const make = (f: Factory, words?: ReadonlySet<string>): Command => makeGroup(f, group, words);
