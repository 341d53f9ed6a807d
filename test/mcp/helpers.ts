// Drives `voicectl mcp` as an MCP client would: the SDK's own client, over stdio, spawning bin/voicectl.js
// against a sandbox the test started (VOICECTL_BASE_URL / VOICECTL_API_KEY, as test/helpers/cli.ts does).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { BIN, type CliOptions, cliEnv, KEYS } from '../helpers/cli.js';

export interface McpSession {
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  /** Calls a tool; `text` is its text content, `data` its structured content. */
  call(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
  close(): Promise<void>;
}

interface ToolResult {
  isError: boolean;
  text: string;
  data: Record<string, unknown>;
}

const SECRETS = Object.values(KEYS);

export async function startMcp(
  sandbox: Sandbox,
  args: string[] = [],
  opts: Omit<CliOptions, 'sandbox'> = {},
): Promise<McpSession> {
  const env = cliEnv({ ...opts, sandbox, env: { VOICECTL_POLL_INTERVAL_MS: '5', ...opts.env } });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const client = new Client({ name: 'voicectl-test', version: '1.0.0' });
  await client.connect(transport);
  const noSecrets = (text: string) => {
    for (const s of [...SECRETS, env.VOICECTL_API_KEY])
      if (s && text.includes(s)) throw new Error(`an API key leaked into the MCP output: ${text.slice(0, 200)}`);
  };
  return {
    client,
    stderr: () => stderr,
    async call(name, args = {}) {
      const r = (await client.callTool({ name, arguments: args })) as {
        isError?: boolean;
        content: { type: string; text: string }[];
        structuredContent?: Record<string, unknown>;
      };
      const text = r.content.map((c) => c.text).join('\n');
      noSecrets(text);
      noSecrets(JSON.stringify(r.structuredContent ?? {}));
      return { isError: r.isError === true, text, data: r.structuredContent ?? {} };
    },
    async close() {
      await client.close();
      noSecrets(stderr);
    },
  };
}

/** Every string at any depth of a value. */
export function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [k, ...strings(x)]);
  return [];
}
