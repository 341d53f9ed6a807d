// profiles show: the configuration a command would use, and where each value comes from.
import * as z from 'zod/mini';
import { defineCommand } from '../define.js';

export const showCommand = defineCommand({
  name: 'show',
  summary:
    'Show the configuration a command would use now, and where each value comes from; with a name, what --profile <name> would use.',
  examples: [
    'voicectl profiles show',
    'voicectl profiles show ci',
    'VOICECTL_PROFILE=ci voicectl profiles show --json',
  ],
  args: {
    name: {
      name: '[name]',
      help: 'a stored profile (default: the one in use)',
      schema: z.optional(z.string()),
      complete: 'profiles',
    },
  },
  load: () => import('./show-run.js'),
});
