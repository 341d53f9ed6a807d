// tts list: what it runs (the declaration is list.ts).
import type { Factory } from '../../factory.js';
import { type AgentContext, listPage } from '../agent.js';
import { TtsGeneration } from '../../schemas/tts.js';
import { runList } from '../list.js';
import type { TtsListInput, TtsListOptions } from './list.js';
import { GENERATION_COLUMNS, GENERATION_CSV_COLUMNS } from './shared.js';

const request = (status: TtsListOptions['status']) => ({
  path: '/v1/tts',
  query: { status },
  item: TtsGeneration,
});

export async function run(f: Factory, { status, ...list }: TtsListOptions): Promise<void> {
  await runList(f, list, {
    ...request(status),
    columns: f.output().format === 'table' ? GENERATION_COLUMNS : GENERATION_CSV_COLUMNS,
    emptyMessage: status
      ? `No ${status} generations.`
      : `No generations yet. Create one with: ${f.commandLine.invocation()} tts create --text "Hello"`,
  });
}

export const act = (ctx: AgentContext, { status, page }: TtsListInput) =>
  listPage(ctx, request(status), page, ['text']);
