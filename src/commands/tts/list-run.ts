// tts list: its work, and its two front ends (the declaration is list.ts).
import type { Factory } from '../../factory.js';
import { TtsGeneration } from '../../schemas/tts.js';
import { type AgentContext, listPage } from '../agent.js';
import { recordFilter } from '../list-filters.js';
import { runList } from '../list.js';
import type { TtsListInput, TtsListOptions } from './list.js';
import { GENERATION_COLUMNS, GENERATION_CSV_COLUMNS } from './shared.js';

/**
 * The work of tts list, for both front ends: what it asks for. --status goes to the API (reference 4.3); --since
 * and --until are applied while paging, newest first. The pages are read by the walker every list shares: the
 * CLI's (one page, or every page with --all) and an agent's (one page).
 */
export function generations(f: Factory, { status, since, until }: Pick<TtsListOptions, 'status' | 'since' | 'until'>) {
  return {
    path: '/v1/tts',
    query: { status },
    item: TtsGeneration,
    filter: recordFilter<TtsGeneration>({ since, until }, f.clock.now(), {}, true),
  };
}

/** The CLI: a table on a terminal, JSON, CSV or NDJSON otherwise; --all walks every page. */
export async function run(f: Factory, { status, since, until, ...list }: TtsListOptions): Promise<void> {
  await runList(f, list, {
    ...generations(f, { status, since, until }),
    columns: f.output().format === 'table' ? GENERATION_COLUMNS : GENERATION_CSV_COLUMNS,
    emptyMessage: status
      ? `No ${status} generations.`
      : `No generations yet. Create one with: ${f.commandLine.invocation()} tts create --text "Hello"`,
  });
}

/** MCP: one page, its texts cut (tts_get has one whole), and the next page's number. */
export const act = (ctx: AgentContext, _input: TtsListInput, _sent: unknown, opts: TtsListOptions) =>
  listPage(ctx, generations(ctx.f, opts), opts.page, ['text']);
