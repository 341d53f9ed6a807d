// auth status: the configured key checked against the API, scope by scope (reference 5).
import { defineCommand } from '../define.js';

export const statusCommand = defineCommand({
  name: 'status',
  summary: 'Check the key against the API and list which scopes it can use.',
  description:
    'Write scopes are probed with an empty request that the API rejects as invalid, so nothing is created or charged.',
  examples: ['voicectl auth status', 'voicectl --profile ci auth status --json | jq .scopes'],
  load: () => import('./status-run.js'),
});
