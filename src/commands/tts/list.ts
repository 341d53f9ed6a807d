// tts list: GET /v1/tts (reference 4.3), the status filter checked before anything is sent.
import { Command, Option } from 'commander';
import type { Factory } from '../../factory.js';
import { orList, TTS_STATUSES, type TtsStatus } from '../../facts.js';
import { parseOptions } from '../../options.js';
import { examples } from '../help.js';
import { addListOptions } from '../list-flags.js';
import type { ListOptions } from '../list.js';

interface TtsListOptions {
  list: ListOptions;
  status?: TtsStatus;
}

export function makeListCommand(f: Factory, run = listRun): Command {
  const cmd = new Command('list')
    .description("List the organization's generations (GET /v1/tts), newest first.")
    .addOption(new Option('--status <status>', `only this status: ${orList(TTS_STATUSES)}`));
  addListOptions(cmd).action(async (raw: Record<string, unknown>) => {
    const [{ ListOptions }, { TtsFilter }] = await Promise.all([import('../list.js'), import('../../schemas/tts.js')]);
    const filter = parseOptions(TtsFilter, { status: raw.status });
    const list = parseOptions(ListOptions, raw);
    await run(f, { list, status: filter.status });
  });
  return examples(cmd, [
    'voicectl tts list',
    'voicectl tts list --status failed --limit 50',
    'voicectl tts list --all -o ndjson | jq -r \'select(.status == "completed") | .audioUrl\'',
  ]);
}

async function listRun(f: Factory, opts: TtsListOptions): Promise<void> {
  const [{ runList }, { TtsGeneration }, { GENERATION_COLUMNS, GENERATION_CSV_COLUMNS }] = await Promise.all([
    import('../list.js'),
    import('../../schemas/tts.js'),
    import('./shared.js'),
  ]);
  await runList(f, opts.list, {
    path: '/v1/tts',
    query: { status: opts.status },
    item: TtsGeneration,
    columns: f.output().format === 'table' ? GENERATION_COLUMNS : GENERATION_CSV_COLUMNS,
    emptyMessage: opts.status
      ? `No ${opts.status} generations.`
      : `No generations yet. Create one with: ${f.commandLine.invocation()} tts create --text "Hello"`,
  });
}
