// `voicectl mcp`: a Model Context Protocol server over stdio (the official SDK, loaded only here), whose tools
// run through the command's factory: the same configuration, client, validation and errors as every command.
import { stat } from 'node:fs/promises';
import * as z from 'zod/mini';
import { resolve } from 'node:path';
import { redactor } from '../api/redact.js';
import { ApiError, CliError, UsageError } from '../errors.js';
import type { Factory } from '../factory.js';
import { checkInterrupted } from '../io/interrupt.js';
import { terminalSafe } from '../io/safe.js';
import { parseOptions } from '../options.js';
import { Budget, Plans } from './session.js';
import { type Tool, type ToolContext, UNTRUSTED } from './tool.js';
import { TOOLS } from './tools/index.js';
import { VERSION } from '../version.js';

export interface ServeOptions {
  allowWrite: boolean;
  maxTokens: number;
  /** The folder tools read from and write to. */
  dir?: string;
}

type Rec = Record<string, unknown>;

/** Every tool's input schema as JSON Schema (what the client reads to call it), from its zod schema. */
function inputJsonSchema(t: Tool): Rec {
  // The input side (a field with a default is optional), in draft 7: the dialect the SDK's own servers emit and
  // the one every client's validator reads. Strict (additionalProperties: false): a field the tool does not
  // know is refused (see the call handler).
  return z.toJSONSchema(z.strictObject(t.input.shape), {
    io: 'input',
    target: 'draft-7',
    unrepresentable: 'any',
  }) as Rec;
}

/** Tool arguments named as the client sent them: `retryDelayMinutes: must be ...`, `contacts.2.phone_number: ...`. */
const fieldNames = new Proxy({} as Record<string, string>, { get: (_t, key) => String(key) });

/** Text from outside made safe (no control sequences) and free of the key, at every depth of a result. */
function sanitize(value: unknown, redact: (s: string) => string): unknown {
  if (typeof value === 'string') return terminalSafe(redact(value), { keepNewlines: true });
  if (Array.isArray(value)) return value.map((v) => sanitize(v, redact));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Rec)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [sanitize(k, redact) as string, sanitize(v, redact)]),
    );
  }
  return value;
}

/** A failure as a tool error: the message, the HTTP status, error code and requestId when the API answered, the hints. */
function errorContent(err: unknown): Rec {
  if (!(err instanceof CliError)) {
    const e = err instanceof Error ? err : new Error(String(err));
    return { code: 'internal', message: `unexpected failure: ${e.message}`, hints: ['This is a bug in voicectl.'] };
  }
  const api = err instanceof ApiError ? err : undefined;
  return {
    code: err.code,
    message: err.message,
    status: api?.status ?? null,
    requestId: api?.requestId ?? null,
    hints: err.hints,
  };
}

function errorText(e: Rec): string {
  const api = [
    e.status !== null && e.status !== undefined ? `status ${e.status}` : undefined,
    e.code ? `code ${e.code}` : undefined,
    e.requestId ? `requestId ${e.requestId}` : undefined,
  ].filter(Boolean);
  return [
    `error: ${e.message}`,
    api.length ? `  ${api.join(' · ')}` : '',
    ...(e.hints as string[]).map((h) => `  ${h}`),
  ]
    .filter((l) => l !== '')
    .join('\n');
}

async function folder(dir: string | undefined): Promise<string> {
  const abs = resolve(dir ?? '.');
  const st = await stat(abs).catch(() => undefined);
  if (!st?.isDirectory()) throw new UsageError(`--dir: must be an existing folder (got "${dir}")`);
  return abs;
}

export async function serve(f: Factory, opts: ServeOptions): Promise<void> {
  const dir = await folder(opts.dir);
  // Configuration errors (no key, no base URL, a bad profile) stop the command before the server starts, as
  // for every command, rather than failing each tool call later.
  const config = await f.config();
  const redact = redactor([config.apiKey]);
  const [{ Server }, { StdioServerTransport }, { CallToolRequestSchema, ListToolsRequestSchema }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  const budget = new Budget(opts.maxTokens);
  const plans = new Plans();
  const tools = TOOLS.filter((t) => opts.allowWrite || !t.write);
  const server = new Server(
    { name: 'voicectl', version: VERSION },
    {
      capabilities: { tools: {} },
      instructions: `Tools of the Voice API (text to speech, call campaigns, messages, calls) through voicectl${config.sandbox ? ', connected to the local sandbox: nothing real is called or charged' : ''}. ${
        opts.allowWrite
          ? `Generations may spend at most ${opts.maxTokens} tokens in this session; campaigns_create and campaigns_start show a plan first and act only when called again with its planId.`
          : 'Read-only: tools that create, start or spend are not offered (voicectl mcp --allow-write offers them).'
      } ${UNTRUSTED}`,
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: inputJsonSchema(t) as { type: 'object' },
      annotations: {
        title: t.title,
        readOnlyHint: !t.write,
        destructiveHint: false,
        idempotentHint: !t.write,
        openWorldHint: t.name !== 'voices_list',
      },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const raw = (req.params.arguments ?? {}) as Rec;
    const signal = AbortSignal.any([f.signal, extra.signal]);
    try {
      const t = tools.find((x) => x.name === req.params.name);
      if (!t) {
        const hidden = TOOLS.some((x) => x.name === req.params.name);
        throw new UsageError(
          hidden
            ? `${req.params.name} changes or spends something: this server is read-only (start it with voicectl mcp --allow-write to offer it); nothing was sent`
            : `no tool named ${req.params.name}`,
        );
      }
      // A misspelt field would otherwise be dropped without a word (a campaign without its retryDelayMinutes).
      const known = Object.keys(t.input.shape);
      const unknown = Object.keys(raw).filter((k) => !known.includes(k));
      if (unknown.length > 0)
        throw new UsageError(`${t.name} does not take ${unknown.map((k) => `"${k}"`).join(', ')}; nothing was sent`, {
          hints: [`Its arguments: ${known.join(', ')}.`],
        });
      const args = parseOptions(t.input, raw, fieldNames);
      const ctx: ToolContext = { f: { ...f, signal }, budget, plans, dir };
      const result = sanitize(await t.run(ctx, args, raw), redact) as Rec;
      return { content: [{ type: 'text' as const, text: JSON.stringify(result, null, 2) }], structuredContent: result };
    } catch (err) {
      const e = sanitize(errorContent(err), redact) as Rec;
      if (!(err instanceof CliError) && f.globals().debug && err instanceof Error && err.stack) f.warn(err.stack);
      return {
        isError: true,
        content: [{ type: 'text' as const, text: errorText(e) }],
        structuredContent: { error: e },
      };
    }
  });

  const transport = new StdioServerTransport(f.io.in, f.io.out);
  const closed = new Promise<void>((done) => {
    // The client ends the session by closing stdin (MCP stdio transport); Ctrl-C ends it too.
    f.io.in.once('end', done);
    f.io.in.once('close', done);
    f.signal.addEventListener('abort', () => done(), { once: true });
  });
  await server.connect(transport);
  f.warn(
    `voicectl mcp: serving ${tools.length} tools on stdio (${opts.allowWrite ? `writes allowed, at most ${opts.maxTokens} tokens` : 'read-only'}; files in ${dir})`,
  );
  if (f.io.stdinIsTTY)
    f.warn('It reads MCP messages from stdin: an MCP client starts it (README "AI agents"). Ctrl-C stops it.');
  await closed;
  await server.close();
  // Stopped with Ctrl-C (exit 130), rather than by the client closing stdin (exit 0).
  checkInterrupted(f.signal);
}
