// tts get: what it runs (the declaration is get.ts).
import { hintIfNotFound } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { printRecord } from '../../io/output.js';
import { explained } from '../../tts/failures.js';
import { fetchGeneration } from '../../tts/wait.js';
import type { AgentContext } from '../agent.js';
import type { GetOptions } from './get.js';
import { GENERATION_FIELDS } from './shared.js';

export async function run(f: Factory, opts: GetOptions): Promise<void> {
  const g = await hintIfNotFound(
    fetchGeneration(await f.client(), opts.id, f.signal),
    `List your generations: ${f.commandLine.invocation()} tts list`,
  );
  await printRecord(f.io, f.output(), g, GENERATION_FIELDS);
}

export async function act(ctx: AgentContext, { id }: GetOptions) {
  return explained(await fetchGeneration(await ctx.f.client(), id, ctx.f.signal));
}
