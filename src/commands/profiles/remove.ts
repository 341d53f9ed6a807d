// profiles remove: a stored profile and its key, gone.
import { defineCommand } from '../define.js';
import { profileArg } from './shared-args.js';

export const removeCommand = defineCommand({
  name: 'remove',
  aliases: ['rm'],
  summary: 'Delete a stored profile and its key.',
  examples: ['voicectl profiles remove old'],
  args: { name: profileArg },
  json: false,
  load: () => import('./remove-run.js'),
});
