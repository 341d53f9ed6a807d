// auth: what the configured API key can do.
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { defineGroup, makeGroup } from '../define.js';
import { statusCommand } from './status.js';

export const group = defineGroup({
  name: 'auth',
  summary: 'Check the configured API key.',
  examples: ['voicectl auth status'],
  commands: [statusCommand],
});

export const make = (f: Factory): Command => makeGroup(f, group);
