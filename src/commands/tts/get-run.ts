// tts get: its work, and its two front ends (the declaration is get.ts).
import { hintIfNotFound } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { printRecord } from '../../io/output.js';
import type { TtsGeneration } from '../../schemas/tts.js';
import { explained } from '../../tts/failures.js';
import { fetchGeneration } from '../../tts/wait.js';
import type { AgentContext } from '../agent.js';
import type { GetOptions } from './get.js';
import { GENERATION_FIELDS } from './shared.js';

/** The work of tts get, for both front ends: the generation as the service has it. */
export async function getGeneration(f: Factory, { id }: GetOptions): Promise<TtsGeneration> {
  return fetchGeneration(await f.client(), id, f.signal);
}

/** The CLI: the record, a table on a terminal; not found, where to find the ids. */
export async function run(f: Factory, opts: GetOptions): Promise<void> {
  const g = await hintIfNotFound(
    getGeneration(f, opts),
    `List your generations: ${f.commandLine.invocation()} tts list`,
  );
  await printRecord(f.io, f.output(), g, GENERATION_FIELDS);
}

/** MCP: the record, with what a failure's error means. */
export async function act(ctx: AgentContext, _input: unknown, _sent: unknown, opts: GetOptions) {
  return explained(await getGeneration(ctx.f, opts));
}
