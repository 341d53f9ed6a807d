// tts list: GET /v1/tts (reference 4.3), the status filter checked before anything is sent.
import { TTS_STATUSES } from '../../facts.js';
import { TtsStatus } from '../../schemas/tts.js';
import { defineCommand, type Flags, type Options, type ToolInput } from '../define.js';
import { timeFilters } from '../list-filters.js';
import { enumFilter, LIST_FLAGS } from '../list-flags.js';

const flags = {
  status: enumFilter('--status <status>', 'status', TTS_STATUSES, TtsStatus),
  ...timeFilters('generations', true),
  ...LIST_FLAGS,
} satisfies Flags;

export type TtsListOptions = Options<typeof flags>;
export type TtsListInput = ToolInput<typeof flags>;

export const listCommand = defineCommand({
  name: 'list',
  summary: "List the organization's generations (GET /v1/tts), newest first.",
  examples: [
    'voicectl tts list',
    'voicectl tts list --status failed --limit 50',
    'voicectl tts list --status failed --since 24h -o csv > failed.csv',
    'voicectl tts list --all -o ndjson | jq -r \'select(.status == "completed") | .audioUrl\'',
  ],
  mcp: {
    name: 'tts_list',
    description: 'One page of generations, newest first.',
    load: () => import('./list-run.js'),
  },
  flags,
  load: () => import('./list-run.js'),
});
