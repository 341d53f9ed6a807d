// campaigns resources: what the organization can call with (its AI agents and caller numbers), for `--agent` and
// `--from` of campaigns create. The reference has no endpoint that lists them: the local sandbox knows its demo
// organizations; for the real service the answer says so, rather than a guess.
import { defineCommand } from '../define.js';

export const resourcesCommand = defineCommand({
  name: 'resources',
  summary: 'The AI agents and caller numbers the organization can call with, where the service says.',
  description:
    "The API has no endpoint that lists them: with the sandbox's keys, its demo organization's agents and numbers; with another service, known: false (ask whoever runs the account). campaigns create checks them when it sends.",
  examples: [
    'voicectl --sandbox campaigns resources',
    'voicectl --sandbox campaigns resources --json | jq -r .agents[]',
  ],
  mcp: {
    name: 'campaigns_resources',
    description: 'Agents and caller numbers for campaigns_create.',
    load: () => import('./resources-run.js'),
  },
  load: () => import('./resources-run.js'),
});
