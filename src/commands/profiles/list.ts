// profiles list: the stored profiles, keys masked.
import { defineCommand } from '../define.js';

export const listCommand = defineCommand({
  name: 'list',
  summary: 'List stored profiles (keys masked to their last 4 characters).',
  examples: ['voicectl profiles list', "voicectl profiles list --json | jq -r '.[].name'"],
  load: () => import('./list-run.js'),
});
