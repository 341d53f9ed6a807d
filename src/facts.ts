// Facts of the reference written once. Schemas, help text, completion and the sandbox read them from here; the
// module loads nothing (no zod), so help and completion can use it without paying for the schemas.

/** The states of a generation (reference 3.1), in the order it goes through them. */
export const TTS_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type TtsStatus = (typeof TTS_STATUSES)[number];
/** States a generation never leaves (reference 4.2: poll until one of these). */
export const TTS_FINAL_STATUSES: readonly TtsStatus[] = ['completed', 'failed'];

/** Limits of POST /v1/tts (reference 8). */
export const TTS_LIMITS = {
  maxTextLength: 10_000,
  /** The same, as people write it (no Intl at load time: its first use costs ~15 ms of start-up). */
  maxTextLengthText: '10,000',
  speed: { min: 0.25, max: 4 },
  /** stability, similarityBoost and style. */
  unit: { min: 0, max: 1 },
} as const;

/** The API's defaults (4.1): the CLI never sends them; the sandbox applies them. */
export const TTS_DEFAULTS = {
  voice: 'Sarah',
  language: 'en',
  speed: 1.0,
  stability: 0.4,
  similarityBoost: 0.75,
  style: 0,
} as const;

/** Billing (8): 10 tokens per 100 characters, rounded up. */
export const TOKENS_PER_100_CHARACTERS = 10;

export function tokenCost(characters: number): number {
  return Math.ceil(characters / 100) * TOKENS_PER_100_CHARACTERS;
}

/** Polling (4.2, 8: "every 3 to 5 seconds"); the CLI never polls faster than the minimum. */
export const TTS_POLL = {
  minIntervalSeconds: 3,
  maxIntervalSeconds: 60,
  defaultIntervalSeconds: 3,
  defaultTimeoutSeconds: 600,
} as const;

/**
 * The pagination convention (reference, "Pagination"). `concurrency` is ours: pages in flight at once with --all after the first
 * (README "Performance"), at most `maxConcurrency`.
 */
export const PAGINATION = {
  defaultPage: 1,
  defaultLimit: 20,
  maxLimit: 100,
  concurrency: 6,
  maxConcurrency: 16,
} as const;

/** Values of a fromNumberStrategy or contactAttemptStrategy (reference 4.4). */
export const STRATEGIES = ['rolling', 'clamp', 'custom'] as const;
export type Strategy = (typeof STRATEGIES)[number];

/**
 * Defaults of POST /v1/campaigns. maxRetries, retryDelayMinutes, timezone and keepFreeForInbound are the
 * reference's (4.4, 8). `strategy` is our reading where the reference names none: a campaign without
 * fromNumberStrategy or contactAttemptStrategy is planned (and dialled by the sandbox) as rolling.
 */
export const CAMPAIGN_DEFAULTS = {
  maxRetries: 0,
  retryDelayMinutes: 30,
  timezone: 'Europe/Rome',
  keepFreeForInbound: 0,
  strategy: 'rolling' as Strategy,
} as const;

/** Limits of POST /v1/campaigns (reference 4.4, 8). */
export const MAX_RETRIES = 5;
export const MIN_RETRY_DELAY_MINUTES = 5;

/** Channels of a message (reference 2.4, 4.8). */
export const MESSAGE_CHANNELS = ['sms', 'email', 'whatsapp'] as const;

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

/** A number as help text writes it: 4 as "4.0" where its neighbours have decimals (0.25 to 4.0). */
export function decimalText(n: number): string {
  return Number.isInteger(n) ? n.toFixed(1) : String(n);
}
