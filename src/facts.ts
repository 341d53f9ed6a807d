// Facts of the reference written once. Schemas, help text, completion and the sandbox read them from here; the
// module loads nothing (no zod), so help and completion can use it without paying for the schemas.

/** The states of a generation (reference 3.1), in the order it goes through them. */
export const TTS_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type TtsStatus = (typeof TTS_STATUSES)[number];
/** States a generation never leaves (reference 4.2: poll until one of these). */
export const TTS_FINAL_STATUSES: readonly TtsStatus[] = ['completed', 'failed'];

/** Scopes of the reference, section 5, in its order. */
export const SCOPES = [
  'tts:write',
  'tts:read',
  'campaigns:write',
  'campaigns:read',
  'messages:read',
  'messages:write',
] as const;
export type Scope = (typeof SCOPES)[number];
export const READ_SCOPES: readonly Scope[] = SCOPES.filter((s) => s.endsWith(':read'));

/** How a call ended (the sandbox's call records and dialer; the reference does not list them). */
export const CALL_OUTCOMES = ['answered', 'no_answer', 'busy', 'voicemail', 'failed'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** "a, b, c or d": a list of values for help text. */
export function orList(values: readonly string[]): string {
  return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}
