// tts get: GET /v1/tts/{id} (reference 4.2).
import { Command } from 'commander';
import * as z from 'zod/mini';
import { hintIfNotFound } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { parseOptions } from '../../options.js';
import { examples } from '../help.js';

/** The options' rules, built when the verb runs (never for --help). */
async function optionsSchema() {
  return z.object({ id: z.string().check(z.trim(), z.minLength(1, 'must not be empty')) });
}
type GetOptions = z.infer<Awaited<ReturnType<typeof optionsSchema>>>;

export function makeGetCommand(f: Factory, run = getRun): Command {
  const cmd = new Command('get')
    .description(
      'Show one generation (GET /v1/tts/{id}): status, audioUrl, cost, and what an errorMessage means.\n\nA table on a terminal (local times), JSON when piped. Exit 4 when it does not exist or belongs to another organization.',
    )
    .argument('<id>', 'generation ID (tts create prints it)')
    .action(async (id: string) => run(f, parseOptions(await optionsSchema(), { id }, { id: '<id>' })));
  return examples(cmd, [
    'voicectl tts get tts_0123456789abcdef',
    'voicectl tts get tts_0123456789abcdef --json | jq -r .audioUrl',
  ]);
}

async function getRun(f: Factory, opts: GetOptions): Promise<void> {
  const [{ printRecord }, { fetchGeneration }, { GENERATION_FIELDS }] = await Promise.all([
    import('../../io/output.js'),
    import('../../tts/wait.js'),
    import('./shared.js'),
  ]);
  const g = await hintIfNotFound(
    fetchGeneration(await f.client(), opts.id, f.signal),
    `List your generations: ${f.commandLine.invocation()} tts list`,
  );
  await printRecord(f.io, f.output(), g, GENERATION_FIELDS);
}
