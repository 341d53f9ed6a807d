// mcp: the Voice API as a Model Context Protocol server for AI agents (stdio). The server, its SDK and the tools load
// only when it runs (serve-run.ts), so no other command starts slower.
import * as z from 'zod/mini';
import { TTS_LIMITS, tokenCost } from '../../facts.js';
import { decimal } from '../../schemas/common.js';
import { defineCommand, type Flags, type Options } from '../define.js';

const tokensRule = 'must be a whole number of tokens, 0 or more';

const flags = {
  allowWrite: {
    flag: '--allow-write',
    help: 'offer the tools that create generations and campaigns, start campaigns, send SMS and write files',
    schema: z._default(z.boolean(), false),
  },
  /** The session's spending cap; by default the cost of one text of the longest length (reference 8). */
  maxTokens: {
    flag: '--max-tokens <n>',
    help: `tokens generations may spend in this session, a whole number from 0 (default ${tokenCost(TTS_LIMITS.maxTextLength)}: one text of ${TTS_LIMITS.maxTextLengthText} characters)`,
    schema: z._default(
      decimal(
        z.int({ error: tokensRule }).check(z.minimum(0, tokensRule), z.maximum(Number.MAX_SAFE_INTEGER, tokensRule)),
      ),
      tokenCost(TTS_LIMITS.maxTextLength),
    ),
  },
  dir: {
    flag: '--dir <folder>',
    help: 'the folder tools read files from and write new files to; without it, no tool touches a file',
    schema: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
  },
} satisfies Flags;

export type McpOptions = Options<typeof flags>;

export const mcpCommand = defineCommand({
  name: 'mcp',
  summary:
    'Serve the Voice API to AI agents: a Model Context Protocol server on stdin/stdout, for an MCP client (Claude Desktop, Cursor, VS Code, ...) to start.',
  description:
    'It uses the configuration of every command (--profile, --base-url, VOICECTL_* variables, --sandbox) and checks every tool call as the commands check their flags. Safe by default: read-only unless --allow-write; files only inside --dir; generations may spend at most --max-tokens per session (counted from their cost before they are sent); campaigns are created or started only when called again with the id of the plan the agent was shown. Logs go to stderr.',
  examples: [
    'voicectl --sandbox mcp --allow-write   # try it with the local sandbox',
    'voicectl mcp --profile work            # read-only, with a stored profile',
    'voicectl mcp --allow-write --max-tokens 500 --dir ~/voice',
  ],
  flags,
  json: false,
  load: () => import('./serve-run.js'),
});
