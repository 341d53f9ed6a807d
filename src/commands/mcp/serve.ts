// mcp: the Voice API as a Model Context Protocol server for AI agents (stdio). Defined with commander alone;
// the server, its SDK and the tools load only when it runs, so no other command starts slower.
import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { TTS_LIMITS, tokenCost } from '../../facts.js';
import { parseOptions } from '../../options.js';
import { examples } from '../help.js';
import type { McpOptions } from './options.js';

async function mcpRun(f: Factory, opts: McpOptions): Promise<void> {
  const { serve } = await import('../../mcp/server.js');
  await serve(f, opts);
}

export function makeMcpCommand(f: Factory, run = mcpRun): Command {
  const mcp = new Command('mcp')
    .description(
      'Serve the Voice API to AI agents: a Model Context Protocol server on stdin/stdout, for an MCP client (Claude Desktop, Cursor, VS Code, ...) to start.\n\nIt uses the configuration of every command (--profile, --base-url, VOICECTL_* variables, --sandbox) and checks every tool call as the commands check their flags. Safe by default: read-only unless --allow-write; generations may spend at most --max-tokens per session (counted from their cost before they are sent); campaigns are created or started only when called again with the id of the plan the agent was shown. Logs go to stderr.',
    )
    .option('--allow-write', 'offer the tools that create generations and campaigns, start campaigns and send SMS')
    .option(
      '--max-tokens <n>',
      `tokens generations may spend in this session, a whole number from 0 (default ${tokenCost(TTS_LIMITS.maxTextLength)}: one text of ${TTS_LIMITS.maxTextLengthText} characters)`,
    )
    .option('--dir <folder>', 'the folder tools read files from and write files to (default: the current folder)')
    .action(async (raw: Record<string, unknown>) => {
      // The rules (zod) load only when it runs.
      const { McpOptions } = await import('./options.js');
      await run(f, parseOptions(McpOptions, raw));
    });
  return examples(mcp, [
    'voicectl --sandbox mcp --allow-write   # try it with the local sandbox',
    'voicectl mcp --profile work            # read-only, with a stored profile',
    'voicectl mcp --allow-write --max-tokens 500 --dir ~/voice',
  ]);
}
