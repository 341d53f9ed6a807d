// Drives `voicectl mcp` as an MCP client would, with the SDK's own client and its newline-delimited JSON-RPC
// framing. By default the command runs in this process (run() with in-memory stdin/stdout, as test/helpers/cli.ts
// does): the same command, factory and tools, without a process start per test. `process: true` spawns
// bin/voicectl.js over real stdio, for what only a process shows (a client starting it, exit when stdin closes).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PassThrough, Readable, Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { run } from '../../src/cli.js';
import { testStreams } from '../../src/io/streams.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { expect } from 'vitest';
import { BIN, type CliOptions, cliEnv, KEYS, tempDir, virtualClock } from '../helpers/cli.js';

export interface McpSession {
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  /** Calls a tool; `text` is its text content, `data` its structured content. */
  call(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
  /** Ends the session as a client does (closes the server's stdin); in-process, resolves with the exit code. */
  close(): Promise<number | undefined>;
}

interface ToolResult {
  isError: boolean;
  text: string;
  data: Record<string, unknown>;
}

const SECRETS = Object.values(KEYS);

/** The client side of the stdio transport, over the streams run() was given instead of a child's pipes. */
class StreamsTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly buffer = new ReadBuffer();

  constructor(
    private readonly from: Readable,
    private readonly to: Writable,
  ) {}

  async start(): Promise<void> {
    this.from.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      try {
        for (let m = this.buffer.readMessage(); m !== null; m = this.buffer.readMessage()) this.onmessage?.(m);
      } catch (err) {
        this.onerror?.(err as Error);
      }
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.to.write(serializeMessage(message));
  }

  async close(): Promise<void> {
    this.to.end();
    this.onclose?.();
  }
}

export async function startMcp(
  sandbox: Sandbox,
  args: string[] = [],
  opts: Omit<CliOptions, 'sandbox'> & {
    process?: boolean;
    /** In-process: called with what the server writes to stderr, as it writes it (a test's hook into a call). */
    onStderr?: (text: string) => void;
  } = {},
): Promise<McpSession> {
  let transport: Transport;
  let stderr: () => string;
  let exit: Promise<number | undefined>;
  // In-process, tts_wait's polls wait on a virtual clock (moved only by its waits); a process has the environment.
  const env = cliEnv({
    ...opts,
    sandbox,
    env: opts.process ? { VOICECTL_POLL_INTERVAL_MS: '5', ...opts.env } : opts.env,
  });
  if (opts.process) {
    const stdio = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', ...args],
      env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
      stderr: 'pipe',
    });
    let text = '';
    stdio.stderr?.on('data', (c: Buffer) => (text += c.toString()));
    stderr = () => text;
    transport = stdio;
    exit = Promise.resolve(undefined); // the SDK owns the child and does not tell its exit code
  } else {
    const io = testStreams();
    stderr = io.stderr;
    const onStderr = opts.onStderr;
    if (onStderr) io.err.on('data', (c: Buffer) => onStderr(c.toString()));
    // testStreams' stdin and stdout are PassThroughs: the client writes the one and reads the other.
    transport = new StreamsTransport(io.out as PassThrough, io.in as PassThrough);
    const clock = opts.clock ?? virtualClock();
    exit = run(['mcp', ...args], { io, env, now: clock.now, sleep: clock.sleep });
  }
  const client = new Client({ name: 'voicectl-test', version: '1.0.0' });
  await client.connect(transport);
  const noSecrets = (text: string) => {
    for (const s of [...SECRETS, env.VOICECTL_API_KEY])
      if (s && text.includes(s)) throw new Error(`an API key leaked into the MCP output: ${text.slice(0, 200)}`);
  };
  return {
    client,
    stderr,
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
      const code = await exit;
      noSecrets(stderr());
      return code;
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

/** The campaign fields the journeys through MCP create their campaigns with. */
export const CAMPAIGN = { name: 'Renewals', agentId: 'agent_sales', fromNumber: '+390212345678' };
/** The most characters of one tool result an agent is given (Claude Code moves larger ones to a file). */
export const MAX_RESULT = 25_000;

/** A new folder (for --dir) holding `files`, by name. */
export function folderWith(files: Record<string, string>): string {
  const dir = tempDir('voicectl-mcp-');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** A tool call's structured result, or a thrown Error with its text when the tool failed; its size checked. */
export function checked(name: string, r: { isError: boolean; text: string; data: Record<string, unknown> }) {
  expect(r.text.length, `${name}: ${r.text.slice(0, 200)}`).toBeLessThanOrEqual(MAX_RESULT);
  if (r.isError) throw new Error(`${name}: ${r.text}`);
  return r.data;
}
