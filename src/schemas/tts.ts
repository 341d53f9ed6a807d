// Text-to-speech generations (reference 2.1, 3.1, 4.1-4.3, 8). The request rules live here once: the CLI
// checks them before sending (with the stricter --voice rule of TtsCreateInput) and the sandbox answers
// 400 validation_error with the same schema. Generation records are read loosely: only id and status are
// required, unknown fields pass through.
import * as z from 'zod/mini';
import { TTS_LIMITS, TTS_STATUSES } from '../facts.js';
import { decimal, PageLimit, PageNumber, reject } from './common.js';
import { resolveVoice, similarVoices } from './voices.js';

export const TtsStatus = z.enum(TTS_STATUSES, { error: `must be one of ${TTS_STATUSES.join(', ')}` });
export type TtsStatus = z.infer<typeof TtsStatus>;

/** Characters of a text as the API counts them (Unicode code points, so an emoji is one character). */
export function characterCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

const between = (min: number, max: number) => {
  const rule = `must be a number from ${min} to ${max}`;
  return z.number({ error: rule }).check(z.minimum(min, rule), z.maximum(max, rule));
};

const TtsText = z.string({ error: 'is required' }).check(
  z.refine((t) => t.trim().length > 0, 'must contain some text'),
  z.refine((t) => characterCount(t) <= TTS_LIMITS.maxTextLength, {
    message: `must be at most ${TTS_LIMITS.maxTextLengthText} characters`,
  }),
);

const LANGUAGE_PATTERN = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;

/**
 * Body of POST /v1/tts (4.1). `voice` is any string here, "" included: the API reports a voice that is neither an
 * alias nor a voice ID of the library asynchronously, as the generation's voice_not_found (2.1).
 */
export const TtsRequest = z.object({
  text: TtsText,
  voice: z.optional(z.string({ error: 'must be a voice alias or voice ID' })),
  language: z.optional(
    z
      .string({ error: 'must be a language code such as en, it or es' })
      .check(z.regex(LANGUAGE_PATTERN, 'must be a language code such as en, it or es')),
  ),
  speed: z.optional(between(TTS_LIMITS.speed.min, TTS_LIMITS.speed.max)),
  stability: z.optional(between(TTS_LIMITS.unit.min, TTS_LIMITS.unit.max)),
  similarityBoost: z.optional(between(TTS_LIMITS.unit.min, TTS_LIMITS.unit.max)),
  style: z.optional(between(TTS_LIMITS.unit.min, TTS_LIMITS.unit.max)),
});
export type TtsRequest = z.infer<typeof TtsRequest>;

const VOICE_RULE =
  'must be a built-in voice (see `voicectl voices list`) or a voice ID of exactly 20 letters and digits';

/** --voice: an alias in any case (sent in its canonical spelling) or a raw 20-character ID. */
const VoiceInput = z.pipe(
  z.string(),
  z.transform((v: string, ctx) => {
    const voice = resolveVoice(v.trim());
    if (voice) return voice;
    const near = similarVoices(v.trim());
    const idLike = /^[A-Za-z0-9]+$/.test(v.trim()) && v.trim().length >= 15;
    return reject(
      ctx,
      `${VOICE_RULE}${near.length ? `; did you mean ${near.join(' or ')}?` : idLike ? `; this one has ${v.trim().length}` : ''}`,
    );
  }),
);

/** What the CLI accepts for a generation: the request rules, numbers as typed, the voice resolved. */
export const TtsCreateInput = z.extend(TtsRequest, {
  voice: z.optional(VoiceInput),
  speed: decimal(TtsRequest.shape.speed),
  stability: decimal(TtsRequest.shape.stability),
  similarityBoost: decimal(TtsRequest.shape.similarityBoost),
  style: decimal(TtsRequest.shape.style),
  // The reference writes codes in lower case (en, it, es): IT is sent as it, pt-BR keeps its region as typed.
  language: z.pipe(
    TtsRequest.shape.language,
    z.transform((l: string | undefined) => (l === undefined ? l : l.replace(/^[A-Za-z]+/, (p) => p.toLowerCase()))),
  ),
});

/** Response of POST /v1/tts: `{id, status, characterCount}`. */
export const TtsCreated = z.looseObject({ id: z.string(), status: z.string(), characterCount: z.optional(z.number()) });
export type TtsCreated = z.infer<typeof TtsCreated>;

/** A generation as get and list return it (2.1), fields in the reference's order; only id and status are required. */
export const TtsGeneration = z.looseObject({
  id: z.string(),
  text: z.nullish(z.string()),
  characterCount: z.nullish(z.number()),
  voice: z.nullish(z.string()),
  language: z.nullish(z.string()),
  speed: z.nullish(z.number()),
  stability: z.nullish(z.number()),
  similarityBoost: z.nullish(z.number()),
  style: z.nullish(z.number()),
  source: z.nullish(z.string()),
  status: z.string(),
  audioUrl: z.nullish(z.string()),
  tokenCost: z.nullish(z.number()),
  createdAt: z.nullish(z.string()),
  completedAt: z.nullish(z.string()),
  errorMessage: z.nullish(z.string()),
});
export type TtsGeneration = z.infer<typeof TtsGeneration>;

/** Filters of GET /v1/tts the CLI validates before sending (4.3): typed in any case, sent as the API spells them. */

/** The whole query of GET /v1/tts, as the sandbox reads it: the API's own spelling only. */
export const TtsListQuery = z.object({
  status: z.optional(TtsStatus),
  page: z.optional(PageNumber),
  limit: z.optional(PageLimit),
});

export { decimal };
export { TTS_DEFAULTS, tokenCost } from '../facts.js';
