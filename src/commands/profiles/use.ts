// profiles use: the default profile.
import { defineCommand } from '../define.js';
import { profileArg } from './shared-args.js';

export const useCommand = defineCommand({
  name: 'use',
  summary: 'Make a profile the default.',
  examples: ['voicectl profiles use work'],
  args: { name: profileArg },
  json: false,
  load: () => import('./use-run.js'),
});
