// What a command's work gets when an agent calls it as an MCP tool (`act` of its declaration's `mcp`), and the
// helpers several acts share. The MCP adapter (src/mcp) builds the context; the acts live beside their commands.
import type * as z from 'zod/mini';
import type { Query } from '../api/client.js';
import { fetchPage } from '../api/paginate.js';
import { UsageError } from '../errors.js';
import type { Factory } from '../factory.js';
import type { Folder } from '../mcp/folder.js';
import type { Budget, Plans } from '../mcp/session.js';

export type Rec = Record<string, unknown>;

export interface AgentContext {
  /** The command's factory, with the signal of this call (the client may cancel it); what it logs is returned as notes. */
  f: Factory;
  /** The session's spending cap. */
  budget: Budget;
  /** The plans shown, kept in the config dir. */
  plans: Plans;
  /** Where tools read and write files (--dir, opened once); none without it. */
  folder?: Folder;
}

/** What a list command asks for: its path, its filters and the schema of an item. */
export interface ListQuery {
  path: string;
  query?: Query;
  item: z.core.$ZodType;
}

/** One page of a list, and how to get the next. */
export async function listPage(ctx: AgentContext, req: ListQuery, page: number | undefined): Promise<Rec> {
  const client = await ctx.f.client();
  const res = await fetchPage(client, req.item, req.path, { ...req.query, page }, ctx.f.signal);
  const p = res.pagination;
  return {
    records: res.records,
    pagination: p ?? null,
    ...(p && p.page < p.totalPages ? { nextPage: p.page + 1 } : {}),
    requestId: res.requestId ?? null,
  };
}

/** The session's folder, for a tool that reads or writes a file; without --dir, no tool touches a file. */
export function folderOf(ctx: AgentContext, field: string): Folder {
  if (ctx.folder) return ctx.folder;
  throw new UsageError(
    `${field}: this server reads and writes no files: start it with --dir <folder> to let tools use the files of that folder`,
  );
}
