// tts get: GET /v1/tts/{id} (reference 4.2).
import { type Args, defineCommand, type Options } from '../define.js';
import { GenerationId } from './wait-flags.js';

const args = {
  id: {
    name: '<id>',
    help: 'generation ID (tts create prints it)',
    schema: GenerationId,
    mcp: { description: 'Generation ID' },
  },
} satisfies Args;

export type GetOptions = Options<Record<never, never>, typeof args>;

export const getCommand = defineCommand({
  name: 'get',
  summary: 'Show one generation (GET /v1/tts/{id}): status, audioUrl, cost, and what an errorMessage means.',
  description:
    'A table on a terminal (local times), JSON when piped. Exit 4 when it does not exist or belongs to another organization.',
  examples: ['voicectl tts get tts_0123456789abcdef', 'voicectl tts get tts_0123456789abcdef --json | jq -r .audioUrl'],
  mcp: {
    name: 'tts_get',
    description: 'One generation; for a failed one, what its error means.',
    load: () => import('./get-run.js'),
  },
  args,
  load: () => import('./get-run.js'),
});
