// tts wait: polls GET /v1/tts/{id} for each id until all are completed or failed (reference 4.2, 8).
import * as z from 'zod/mini';
import { TTS_POLL } from '../../facts.js';
import { type Args, defineCommand, described, type Flags, type Options, type ToolInput } from '../define.js';
import { TIMEOUT_SECONDS } from '../wait-field.js';
import { GenerationId, WAIT_FLAGS } from './wait-flags.js';

const flags = {
  interval: WAIT_FLAGS.interval,
  timeout: {
    ...WAIT_FLAGS.timeout,
    mcp: TIMEOUT_SECONDS,
  },
} satisfies Flags;

const args = {
  ids: {
    name: '<id...>',
    help: 'generation IDs',
    schema: z.array(GenerationId).check(z.minLength(1, 'needs at least one generation ID')),
    mcp: {
      schema: z
        .array(described(GenerationId, 'Generation ID'), { error: 'must be a list of generation IDs' })
        .check(
          z.minLength(1, 'must name at least one generation'),
          z.maxLength(50, 'must name at most 50 generations'),
        ),
      description: 'Generation IDs, 1 to 50',
    },
  },
} satisfies Args;

export type WaitOptions = Options<typeof flags, typeof args>;
export type WaitInput = ToolInput<typeof flags, typeof args>;

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
  mcp: {
    name: 'tts_wait',
    description: 'Wait up to timeoutSeconds for generations to finish; pending: call again.',
    load: () => import('./wait-run.js'),
  },
  args,
  flags,
  load: () => import('./wait-run.js'),
});
