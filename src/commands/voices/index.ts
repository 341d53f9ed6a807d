// voices: the built-in voice catalog (reference 2.2), available offline.
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { defineGroup, makeGroup } from '../define.js';
import { listCommand } from './list.js';

export const group = defineGroup({
  name: 'voices',
  summary: 'The built-in voice catalog (reference 2.2), available offline.',
  examples: ['voicectl voices list --gender male'],
  commands: [listCommand],
});

export const make = (f: Factory): Command => makeGroup(f, group);
