// The flags of `voicectl mcp` and their defaults, in one place (commander declares them without defaults).
import * as z from 'zod/mini';
import { decimal } from '../../schemas/common.js';
import { TTS_LIMITS, tokenCost } from '../../schemas/tts.js';

const tokensRule = 'must be a whole number of tokens, 0 or more';

export const McpOptions = z.object({
  allowWrite: z._default(z.boolean(), false),
  /** The session's spending cap; by default the cost of one text of the longest length (reference 8). */
  maxTokens: z._default(
    decimal(
      z.int({ error: tokensRule }).check(z.minimum(0, tokensRule), z.maximum(Number.MAX_SAFE_INTEGER, tokensRule)),
    ),
    tokenCost(TTS_LIMITS.maxTextLength),
  ),
  dir: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
});
export type McpOptions = z.infer<typeof McpOptions>;
