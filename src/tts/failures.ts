// What each errorMessage of a failed generation (reference 2.1) means, and whether creating it again can help.

export interface FailureInfo {
  meaning: string;
  /** true: the same request may succeed later; false: something must change first; undefined: unknown. */
  retryable: boolean | undefined;
  next: string;
}

/**
 * `see`: the command that shows the generation (`voicectl --sandbox tts get tts_x`, from the caller, with the flags
 * that chose the service); a placeholder where there is none (the MCP server).
 */
export function explainFailure(code: string | null | undefined, see = 'voicectl tts get <id>'): FailureInfo {
  const c = code ?? '';
  switch (c) {
    case 'voice_not_found':
      return {
        meaning: "the voice is neither a built-in alias nor a voice ID in the organization's voice library",
        retryable: false,
        next: 'pick another --voice (voicectl voices list) and create it again',
      };
    case 'insufficient_balance':
      return {
        meaning: "the organization's token balance is too low",
        retryable: false,
        next: 'top up the token balance (or shorten the text: 10 tokens per 100 characters), then create it again',
      };
    case 'worker_unavailable':
      return {
        meaning: 'the TTS worker could not be reached',
        retryable: true,
        next: 'create it again; nothing was charged (tokens are refunded on failure)',
      };
    case 'upload_failed':
      return {
        meaning: 'the audio was generated but could not be stored',
        retryable: true,
        next: 'create it again; the tokens were refunded',
      };
    case 'provider_transient_error':
      return {
        meaning: 'a temporary error of the speech provider',
        retryable: true,
        next: 'create it again: the reference says this is safe to retry',
      };
    default:
      if (c.startsWith('provider_error_')) {
        return {
          meaning: `a permanent error of the speech provider (${c.slice('provider_error_'.length) || 'no detail'})`,
          retryable: false,
          next: 'the same request will fail again; change the text or voice, or report the generation id to support',
        };
      }
      return {
        meaning: c ? `an error the reference does not list (${c})` : 'no errorMessage was given',
        retryable: undefined,
        next: `check the generation with ${see}`,
      };
  }
}

/** One line: "insufficient_balance: the organization's token balance is too low. Retry will not help: top up ..." */
export function failureLine(code: string | null | undefined, see?: string): string {
  const info = explainFailure(code, see);
  const retry =
    info.retryable === true
      ? 'A retry can help'
      : info.retryable === false
        ? 'A retry will not help until something changes'
        : 'Unknown whether a retry helps';
  return `${code || 'failed'}: ${info.meaning}. ${retry}: ${info.next}.`;
}

/** A generation for an agent: a failed one with what its errorMessage means, whether to retry, what to do. */
export function explained<G extends { status: string; errorMessage?: string | null }>(g: G): G & { failure?: object } {
  if (g.status !== 'failed') return g;
  const info = explainFailure(g.errorMessage);
  return { ...g, failure: { meaning: info.meaning, retryable: info.retryable ?? null, next: info.next } };
}
