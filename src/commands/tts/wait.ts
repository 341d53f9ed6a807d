// tts wait: polls GET /v1/tts/{id} for each id until all are completed or failed (reference 4.2, 8).
import * as z from 'zod/mini';
import { TTS_POLL } from '../../facts.js';
import { type Args, defineCommand, type Options } from '../define.js';
import { GenerationId, WAIT_FLAGS } from './wait-flags.js';

const flags = WAIT_FLAGS;

const args = {
  ids: {
    name: '<id...>',
    help: 'generation IDs',
    schema: z.array(GenerationId).check(z.minLength(1, 'needs at least one generation ID')),
  },
} satisfies Args;

export type WaitOptions = Options<typeof flags, typeof args>;

export const waitCommand = defineCommand({
  name: 'wait',
  summary: `Wait for one or more generations to finish, polling each every ${TTS_POLL.defaultIntervalSeconds} seconds (the reference asks for 3 to 5).`,
  description:
    "On a terminal a spinner shows each id's status; piped, nothing is printed until the end, then the final records (one id: the record; several: a list). Polling errors such as a 503 are retried; 401/403/404 stop it. Exit 0 all completed · 5 any failed (with what the error means) · 6 timed out · 130 Ctrl-C (pending ids printed).",
  examples: [
    'voicectl tts wait tts_0123456789abcdef',
    'voicectl tts wait tts_aaa tts_bbb tts_ccc --timeout 30m',
    'voicectl tts list --status processing -q | xargs -r voicectl tts wait --json',
  ],
  args,
  flags,
  load: () => import('./wait-run.js'),
});
