// tts download: the audio of a completed generation, to a file or stdout.
import * as z from 'zod/mini';
import { type Args, defineCommand, type Flags, type Options, type ToolInput } from '../define.js';
import { PLAYERS_HELP } from './common.js';
import { GenerationId, WAIT_FLAGS } from './wait-flags.js';

const off = z._default(z.boolean(), false);

const flags = {
  out: {
    flag: '--out <file>',
    help: 'where to write the audio; - for stdout',
    schema: z.optional(z.string()),
    mcp: {
      key: 'file' as const,
      schema: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
      description: 'Relative path; default <id>.wav',
    },
  },
  // The tool never replaces a file, and downloads only a completed generation (tts_wait waits).
  force: { flag: '--force', help: 'replace an existing file', schema: off, mcp: false },
  wait: { flag: '-w, --wait', help: 'wait for the generation to finish first', schema: off, mcp: false },
  play: { flag: '--play', help: `play the saved file ${PLAYERS_HELP}`, schema: off, mcp: false },
  ...WAIT_FLAGS,
} satisfies Flags;

const args = {
  id: {
    name: '<id>',
    help: 'generation ID',
    schema: GenerationId,
    mcp: { description: 'Generation ID' },
  },
} satisfies Args;

export type DownloadOptions = Options<typeof flags, typeof args>;
export type DownloadInput = ToolInput<typeof flags, typeof args>;

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
  mcp: {
    name: 'tts_download',
    description: "Save a completed generation's audio to a new file in the folder.",
    write: true,
    files: true,
    load: () => import('./download-run.js'),
  },
  args,
  flags,
  load: () => import('./download-run.js'),
});
