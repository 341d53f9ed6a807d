// The timeout of a tool that waits (tts_wait, campaigns_wait), in seconds: bounded well below the 60 s after which
// MCP clients commonly give up on a request; a wait that runs out is an answer (pending: call again).
import * as z from 'zod/mini';

const MCP_WAIT = { defaultSeconds: 30, maxSeconds: 50 } as const;

export const TIMEOUT_SECONDS = {
  key: 'timeoutSeconds' as const,
  schema: z._default(
    z
      .number({ error: 'must be a number of seconds' })
      .check(
        z.minimum(1, `must be from 1 to ${MCP_WAIT.maxSeconds}`),
        z.maximum(MCP_WAIT.maxSeconds, `must be from 1 to ${MCP_WAIT.maxSeconds}`),
      ),
    MCP_WAIT.defaultSeconds,
  ),
  description: `1 to ${MCP_WAIT.maxSeconds}; default ${MCP_WAIT.defaultSeconds}`,
};
