// voices list: the built-in catalog of reference 2.2, offline. The same list checks --voice and feeds completion.
import * as z from 'zod/mini';
import { orList } from '../../facts.js';
import { choice, oneOf } from '../../schemas/common.js';
import { ACCENTS, VOICE_GENDERS, VOICE_LANGUAGES } from '../../schemas/voices.js';
import { defineCommand, type Flags, type Options, type ToolInput } from '../define.js';

const flags = {
  gender: {
    flag: '--gender <gender>',
    help: orList(VOICE_GENDERS),
    schema: z.optional(choice(VOICE_GENDERS)),
    mcp: false, // the list is short: an agent filters it itself
  },
  language: {
    flag: '--language <code>',
    help: orList(VOICE_LANGUAGES),
    schema: z.optional(choice(VOICE_LANGUAGES)),
    mcp: { schema: z.optional(oneOf(['en', 'it'])), description: 'Only this language' },
  },
  accent: {
    flag: '--accent <accent>',
    help: `Italian accent: ${ACCENTS.join(', ')}`,
    schema: z.optional(z.string().check(z.trim(), z.minLength(1, 'must not be empty'))),
    mcp: false,
  },
} satisfies Flags;

export type VoicesListOptions = Options<typeof flags>;
export type VoicesListInput = ToolInput<typeof flags>;

export const listCommand = defineCommand({
  name: 'list',
  summary: 'List the built-in voices: alias, gender, language, accent and description.',
  description:
    'The reference states no gender for the Italian custom voices: they show "-" and are left out by --gender.',
  examples: ['voicectl voices list', 'voicectl voices list --language it', 'voicectl voices list --gender female -q'],
  mcp: {
    name: 'voices_list',
    description: 'The built-in voices (offline).',
    local: true,
    load: () => import('./list-run.js'),
  },
  flags,
  load: () => import('./list-run.js'),
});
