// campaigns create --skeleton: the template for --file, printed; nothing is read or sent (the declaration is create.ts).
import { renderSkeleton, skeletonJson } from '../../../campaigns/skeleton.js';
import { UsageError } from '../../../errors.js';
import type { Factory } from '../../../factory.js';
import { printJson } from '../../../io/output.js';
import { write } from '../../../io/streams.js';
import type { CreateOptions } from './command.js';

export async function run(f: Factory, opts: CreateOptions): Promise<void> {
  const format = opts.skeleton ?? 'yaml';
  const out = f.output();
  if (format === 'json') return printJson(f.io, { ...out, redact: undefined }, skeletonJson(), { indent: true });
  if (out.jq !== undefined)
    throw new UsageError('--jq filters JSON, and --skeleton yaml prints YAML', { hints: ['Use --skeleton json.'] });
  // output: voicectl's own template, from its schema.
  await write(f.io.out, renderSkeleton(format));
}
