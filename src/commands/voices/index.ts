// voices: the built-in voice catalog (reference 2.2), available offline.
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { defineGroup, makeGroup } from '../define.js';
import { GROUP_SUMMARY } from '../groups.js';
import { listCommand } from './list.js';

export const group = defineGroup({
  name: 'voices',
  summary: GROUP_SUMMARY.voices,
  description: 'The voices of reference 2.2, available offline.',
  examples: ['voicectl voices list --gender male'],
  commands: [listCommand],
});

export const make = (f: Factory, words?: ReadonlySet<string>): Command => makeGroup(f, group, words);
