// auth: what the configured API key can do.
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { defineGroup, makeGroup } from '../define.js';
import { GROUP_SUMMARY } from '../groups.js';
import { statusCommand } from './status.js';

export const group = defineGroup({
  name: 'auth',
  summary: GROUP_SUMMARY.auth,
  examples: ['voicectl auth status'],
  commands: [statusCommand],
});

export const make = (f: Factory, words?: ReadonlySet<string>): Command => makeGroup(f, group, words);
