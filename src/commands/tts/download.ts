// tts download: the audio of a completed generation, to a file or stdout.
import * as z from 'zod/mini';
import { type Args, defineCommand, type Flags, type Options } from '../define.js';
import { PLAYERS_HELP } from './common.js';
import { GenerationId, WAIT_FLAGS } from './wait-flags.js';

const off = z._default(z.boolean(), false);

const flags = {
  out: { flag: '--out <file>', help: 'where to write the audio; - for stdout', schema: z.optional(z.string()) },
  force: { flag: '--force', help: 'replace an existing file', schema: off },
  wait: { flag: '-w, --wait', help: 'wait for the generation to finish first', schema: off },
  play: { flag: '--play', help: `play the saved file ${PLAYERS_HELP}`, schema: off },
  ...WAIT_FLAGS,
} satisfies Flags;

const args = { id: { name: '<id>', help: 'generation ID', schema: GenerationId } } satisfies Args;

export type DownloadOptions = Options<typeof flags, typeof args>;

export const downloadCommand = defineCommand({
  name: 'download',
  summary:
    'Download the audio of a completed generation to a file (default: <id>.wav in the current directory) or to stdout with --out -.',
  description:
    'The file is written under a temporary name and renamed when complete: a failed or interrupted download leaves nothing. An existing file is never replaced without --force.',
  examples: [
    'voicectl tts download tts_0123456789abcdef',
    'voicectl tts download tts_0123456789abcdef --out hello.wav --force',
    'voicectl tts download tts_0123456789abcdef --play',
    'voicectl tts download tts_0123456789abcdef --out - | ffplay -nodisp -autoexit -',
  ],
  args,
  flags,
  load: () => import('./download-run.js'),
});
