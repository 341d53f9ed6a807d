// The built-in voice catalog (reference 2.2): one list feeds `voices list`, the validation of --voice and
// shell completion. Plain data and functions, no zod, so completion and help can load it cheaply.
import { similar } from '../suggest.js';

export interface VoiceInfo {
  /** The alias: "the ID and the name are identical". */
  id: string;
  /** Stated by the reference for the standard voices; not stated for the Italian custom voices. */
  gender: (typeof VOICE_GENDERS)[number] | null;
  language: (typeof VOICE_LANGUAGES)[number];
  /** Stated for the Italian custom voices only. */
  accent: string | null;
  description: string;
  kind: 'standard' | 'custom';
}

const std = (gender: 'female' | 'male', list: [string, string][]): VoiceInfo[] =>
  list.map(([id, description]) => ({ id, gender, language: 'en', accent: null, description, kind: 'standard' }));

export const VOICES: readonly VoiceInfo[] = [
  ...std('female', [
    ['Aria', 'clear, natural'],
    ['Sarah', 'mature, reassuring'],
    ['Rachel', 'warm, calm'],
    ['Arabella', 'mysterious, emotive'],
    ['Hope', 'bright, conversational'],
    ['Alexandra', 'confident, conversational'],
    ['Priyanka', 'late-night radio cadence'],
    ['Monika', 'multilingual, popular'],
    ['Juniper', 'grounded professional'],
    ['Blondie', 'conversational variant'],
    ['Domi', 'strong, dynamic'],
  ]),
  ...std('male', [
    ['Roger', 'confident narrator'],
    ['Grimblewood', 'deep, characterful'],
    ['Drew', 'casual, relatable'],
    ['Paul', 'steady, trustworthy'],
    ['Clyde', 'gruff, characterful'],
    ['Dave', 'friendly, approachable'],
    ['Fin', 'crisp, clear'],
    ['James', 'husky, engaging'],
    ['Bradford', 'expressive, articulate'],
    ['Reginald', 'intense, villain'],
    ['Mark', 'conversational'],
    ['Austin', 'southern American gentleman'],
  ]),
  ...(
    [
      ['Lorenzo', 'Italiano', 'Youthful modern pro voice'],
      ['Roberta', 'Romanesco', 'Persuasive young voice'],
      ['Sasha', 'Toscano', 'Natural, layered Tuscan'],
      ['Giusy', 'Siciliano', 'Sales / customer support'],
      ['Vera', 'Milanese', 'Calm, influential conversational'],
      ['Vittorio', 'Milanese', 'Believable guy-next-door'],
    ] as const
  ).map(
    ([id, accent, description]): VoiceInfo => ({
      id,
      gender: null,
      language: 'it',
      accent,
      description,
      kind: 'custom',
    }),
  ),
];

export const VOICE_GENDERS = ['female', 'male'] as const;
export const VOICE_LANGUAGES = ['en', 'it'] as const;

/** The accents of the Italian custom voices, as the reference writes them. */
export const ACCENTS: readonly string[] = [...new Set(VOICES.flatMap((v) => (v.accent ? [v.accent] : [])))];

export interface VoiceFilter {
  gender?: (typeof VOICE_GENDERS)[number];
  language?: (typeof VOICE_LANGUAGES)[number];
  /** Any case. */
  accent?: string;
}

/** The voices that match every filter given (`voices list` and the `voices_list` tool of `voicectl mcp`). */
export function filterVoices(filter: VoiceFilter): VoiceInfo[] {
  const accent = filter.accent?.toLowerCase();
  return VOICES.filter(
    (v) =>
      (!filter.gender || v.gender === filter.gender) &&
      (!filter.language || v.language === filter.language) &&
      (!accent || v.accent?.toLowerCase() === accent),
  );
}

/** A raw voice ID: exactly 20 letters and digits (2.2). */
const VOICE_ID_PATTERN = /^[A-Za-z0-9]{20}$/;

const BY_LOWER = new Map(VOICES.map((v) => [v.id.toLowerCase(), v.id]));

/** The canonical spelling of an alias typed in any case; undefined when it is not an alias. */
export function voiceAlias(input: string): string | undefined {
  return BY_LOWER.get(input.toLowerCase());
}

/** What the CLI sends for a --voice value: the alias in its canonical spelling, a raw ID as typed, else undefined. */
export function resolveVoice(input: string): string | undefined {
  return voiceAlias(input) ?? (VOICE_ID_PATTERN.test(input) ? input : undefined);
}

/** Aliases close to a mistyped value, for "did you mean". */
export function similarVoices(input: string): string[] {
  return similar(
    input,
    VOICES.map((v) => v.id),
  );
}
