// profiles: stored credentials, one verb per file.
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { defineGroup, makeGroup } from '../define.js';
import { GROUP_SUMMARY } from '../groups.js';
import { addCommand } from './add.js';
import { listCommand } from './list.js';
import { removeCommand } from './remove.js';
import { showCommand } from './show.js';
import { useCommand } from './use.js';

export const group = defineGroup({
  name: 'profiles',
  summary: GROUP_SUMMARY.profiles,
  description: 'A profile is a base URL and an API key, kept 0600 in the config dir.',
  examples: [
    'voicectl profiles add work --base-url https://api.example.com',
    'voicectl profiles list',
    'voicectl profiles use work',
  ],
  commands: [addCommand, listCommand, useCommand, removeCommand, showCommand],
});

export const make = (f: Factory, words?: ReadonlySet<string>): Command => makeGroup(f, group, words);
