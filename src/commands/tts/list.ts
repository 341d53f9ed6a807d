// tts list: GET /v1/tts (reference 4.3), the status filter checked before anything is sent.
import type { Factory } from '../../factory.js';
import { parseOptions } from '../../options.js';
import { TtsFilter, TtsGeneration } from '../../schemas/tts.js';
import { ListOptions, runList } from '../list.js';
import { GENERATION_COLUMNS, GENERATION_CSV_COLUMNS } from './shared.js';

export async function listRun(f: Factory, raw: Record<string, unknown>): Promise<void> {
  const filter = parseOptions(TtsFilter, { status: raw.status });
  const list = parseOptions(ListOptions, {
    page: raw.page,
    limit: raw.limit,
    all: raw.all,
    concurrency: raw.concurrency,
  });
  await runList(f, list, {
    path: '/v1/tts',
    query: { status: filter.status },
    item: TtsGeneration,
    columns: f.output().format === 'table' ? GENERATION_COLUMNS : GENERATION_CSV_COLUMNS,
    emptyMessage: filter.status
      ? `No ${filter.status} generations.`
      : 'No generations yet. Create one with: voicectl tts create --text "Hello"',
  });
}
