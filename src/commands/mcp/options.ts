// The flags of `voicectl mcp` and their defaults, in one place (commander declares them without defaults).
import * as z from 'zod';
import { decimal } from '../../schemas/common.js';
import { TTS_LIMITS, tokenCost } from '../../schemas/tts.js';

const tokensRule = 'must be a whole number of tokens, 0 or more';

export const McpOptions = z.object({
  allowWrite: z.boolean().default(false),
  /** The session's spending cap; by default the cost of one text of the longest length (reference 8). */
  maxTokens: decimal(
    z.number({ error: tokensRule }).int(tokensRule).min(0, tokensRule).max(Number.MAX_SAFE_INTEGER, tokensRule),
  ).default(tokenCost(TTS_LIMITS.maxTextLength)),
  dir: z.string().min(1, 'must not be empty').optional(),
});
export type McpOptions = z.infer<typeof McpOptions>;
