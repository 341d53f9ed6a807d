// mcp: what it runs (the declaration is serve.ts): the server, its SDK and the tools.
import type { Factory } from '../../factory.js';
import { serve } from '../../mcp/server.js';
import type { McpOptions } from './serve.js';

export async function run(f: Factory, opts: McpOptions): Promise<void> {
  await serve(f, opts);
}
