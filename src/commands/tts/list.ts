// tts list: GET /v1/tts (reference 4.3), the status filter checked before anything is sent.
import * as z from 'zod/mini';
import { orList, TTS_STATUSES } from '../../facts.js';
import { choice } from '../../schemas/common.js';
import { TtsStatus } from '../../schemas/tts.js';
import { defineCommand, type Flags, type Options } from '../define.js';
import { LIST_FLAGS } from '../list-flags.js';

const flags = {
  status: {
    flag: '--status <status>',
    help: `only this status: ${orList(TTS_STATUSES)}`,
    schema: z.optional(choice(TTS_STATUSES)),
    complete: TTS_STATUSES,
    mcp: { schema: z.optional(TtsStatus), description: 'Only this status' },
  },
  ...LIST_FLAGS,
} satisfies Flags;

export type TtsListOptions = Options<typeof flags>;

export const listCommand = defineCommand({
  name: 'list',
  summary: "List the organization's generations (GET /v1/tts), newest first.",
  examples: [
    'voicectl tts list',
    'voicectl tts list --status failed --limit 50',
    'voicectl tts list --all -o ndjson | jq -r \'select(.status == "completed") | .audioUrl\'',
  ],
  mcp: 'tts_list',
  flags,
  load: () => import('./list-run.js'),
});
