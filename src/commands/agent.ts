// What a command's work gets when an agent calls it as an MCP tool (`act` of its declaration's `mcp`), and the
// helpers several acts share. The MCP adapter (src/mcp) builds the context; the acts live beside their commands.
import { UsageError } from '../errors.js';
import type { Factory } from '../factory.js';
import type { Folder } from '../mcp/folder.js';
import type { Budget, Plans } from '../mcp/session.js';
import { type ListQuery, readPage } from './list.js';

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

/** The most characters of one long text field (a generation's text, a message's body) in a list for an agent. */
const LIST_TEXT_CHARS = 300;

/**
 * A record with its long texts cut to `max` characters, each cut one followed by its whole length
 * (`textLength`): a page of 20 generations of 10,000 characters would be 200,000 characters. The whole text is
 * one call away (tts_get).
 */
export function cutTexts(record: Rec, fields: readonly string[], max = LIST_TEXT_CHARS): Rec {
  const out: Rec = { ...record };
  for (const k of fields) {
    const v = record[k];
    if (typeof v !== 'string' || v.length <= max) continue;
    out[k] = `${v.slice(0, max)}…`;
    out[`${k}Length`] = v.length;
  }
  return out;
}

/** One page of a list, and how to get the next; `long` names the text fields cut to LIST_TEXT_CHARS. */
export async function listPage(
  ctx: AgentContext,
  req: ListQuery,
  page: number | undefined,
  long: readonly string[] = [],
): Promise<Rec> {
  const res = await readPage(ctx.f, req, { page });
  const p = res.pagination;
  return {
    records: (res.records as Rec[]).map((r) => cutTexts(r, long)),
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
