// tts create: POST /v1/tts (reference 4.1). Everything is checked before the request: a rejected value
// exits 2 and nothing is sent. Only the fields the user set are sent; the API applies its defaults.
// This folder: command.ts declares the command; body.ts reads the text and checks the body; work.ts sends it, for the
// CLI's run.ts and the MCP tool's act.ts; dry-run.ts is all a dry run loads.
import * as z from 'zod/mini';
import { decimalText, TOKENS_PER_100_CHARACTERS, TTS_DEFAULTS, TTS_LIMITS } from '../../../facts.js';
import { Encoding } from '../../../io/encoding.js';
import { TtsCreateInput, TtsRequest } from '../../../schemas/tts.js';
import { defineCommand, type Flags, type Options, type ToolInput } from '../../define.js';
import { PLAYERS_HELP } from '../common.js';
import { WAIT_FLAGS } from '../wait-flags.js';

const { speed, unit } = TTS_LIMITS;
const D = TTS_DEFAULTS;
// Checked with the text by TtsCreateInput, which names --text or --file in its errors.
const raw = z.optional(z.string());
const off = z._default(z.boolean(), false);

const flags = {
  text: {
    flag: '--text <text>',
    help: `the text to speak (at most ${TTS_LIMITS.maxTextLengthText} characters)`,
    schema: raw,
    mcp: {
      schema: TtsRequest.shape.text,
      description: `1 to ${TTS_LIMITS.maxTextLengthText} characters`,
    },
  },
  file: {
    flag: '--file <path>',
    help: 'read the text from a file, or - for stdin (one trailing newline is dropped)',
    schema: raw,
    mcp: false,
  },
  encoding: {
    flag: '--encoding <name>',
    help: 'encoding of --file when it is not UTF-8 (refused otherwise): windows-1252 (also called latin1), windows-1250, iso-8859-15, ...',
    schema: z.optional(Encoding),
    mcp: false,
  },
  voice: {
    flag: '--voice <voice>',
    help: `built-in alias (voicectl voices list) or a voice ID of 20 letters and digits; default ${D.voice}`,
    schema: raw,
    complete: 'voices',
    mcp: {
      schema: TtsCreateInput.shape.voice,
      description: `voices_list alias or 20-character ID; default ${D.voice}`,
    },
  },
  language: {
    flag: '--language <code>',
    help: `language code such as en, it, es; default ${D.language}`,
    schema: raw,
    mcp: {
      schema: TtsCreateInput.shape.language,
      description: `Language code (en, it, ...); default ${D.language}`,
    },
  },
  speed: {
    flag: '--speed <n>',
    help: `playback speed, ${speed.min} to ${decimalText(speed.max)}; default ${decimalText(D.speed)}`,
    schema: raw,
    mcp: {
      schema: TtsRequest.shape.speed,
      description: `${speed.min} to ${speed.max}; default ${D.speed}`,
    },
  },
  stability: {
    flag: '--stability <n>',
    help: `voice stability, ${unit.min} to ${unit.max}; default ${D.stability}`,
    schema: raw,
    // Left out of the tts_create tool, as similarityBoost and style: its list is read in every conversation.
    mcp: false,
  },
  similarityBoost: {
    flag: '--similarity-boost <n>',
    help: `similarity boost, ${unit.min} to ${unit.max}; default ${D.similarityBoost}`,
    schema: raw,
    mcp: false,
  },
  style: {
    flag: '--style <n>',
    help: `style exaggeration, ${unit.min} to ${unit.max}; default ${D.style}`,
    schema: raw,
    mcp: false,
  },
  dryRun: {
    flag: '--dry-run',
    help: 'check the values, print the JSON body and the cost, send nothing',
    schema: off,
    mcp: false,
  },
  wait: {
    flag: '-w, --wait',
    help: 'wait until the generation is completed or failed (exit 5 if it failed, 6 on timeout)',
    schema: off,
    mcp: false,
  },
  out: {
    flag: '--out <file>',
    help: 'wait, then download the audio to this file (- for stdout); implies --wait',
    schema: raw,
    mcp: false,
  },
  force: { flag: '--force', help: 'let --out replace an existing file', schema: off, mcp: false },
  play: {
    flag: '--play',
    help: `play the audio here ${PLAYERS_HELP}; implies --wait; without --out it is not kept`,
    schema: off,
    mcp: false,
  },
  ...WAIT_FLAGS,
} satisfies Flags;

export type CreateOptions = Options<typeof flags>;
export type CreateInput = ToolInput<typeof flags>;

export const createCommand = defineCommand({
  name: 'create',
  summary: 'Queue a generation (POST /v1/tts) and print its id, status, character count and token cost.',
  description: `Values are checked before anything is sent: text 1 to ${TTS_LIMITS.maxTextLengthText} characters, --speed ${speed.min} to ${decimalText(speed.max)}, --stability/--similarity-boost/--style ${unit.min} to ${unit.max}, --voice a built-in alias (any case) or a 20-character voice ID. Flags you leave out are not sent: the API applies its defaults (${D.voice}, ${D.language}, ${decimalText(D.speed)}, ${D.stability}, ${D.similarityBoost}, ${D.style}).`,
  examples: [
    'voicectl tts create --text "Hello from voicectl"',
    'voicectl tts create --text "Ciao!" --voice lorenzo --language it --wait',
    'voicectl tts create --file script.txt --speed 1.2 --out greeting.wav',
    'voicectl tts create --text "Does this sound right?" --voice Roger --play',
    'id=$(voicectl tts create -q --text "Your order has shipped")',
    'echo "Hello" | voicectl tts create --file - --dry-run',
  ],
  mcp: {
    name: 'tts_create',
    description: `Queue speech from text: ${TOKENS_PER_100_CHARACTERS} tokens per 100 characters, within the session's cap.`,
    write: true,
    load: () => import('./act.js'),
  },
  flags,
  // A dry run sends nothing: it loads neither the client nor the wait (unless --out asks its destination checked).
  load: (opts) => (opts.dryRun && opts.out === undefined ? import('./dry-run.js') : import('./run.js')),
});
