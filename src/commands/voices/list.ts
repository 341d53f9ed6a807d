// voices list: the built-in catalog of reference 2.2, offline. The same list checks --voice and feeds completion.
import * as z from 'zod/mini';
import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { orList } from '../../facts.js';
import { parseOptions } from '../../options.js';
import { ACCENTS, VOICE_GENDERS, VOICE_LANGUAGES } from '../../schemas/voices.js';
import { examples } from '../help.js';

/** The options' rules, built when the verb runs (never for --help). */
async function optionsSchema() {
  const [{ choice }] = await Promise.all([import('../../schemas/common.js')]);
  return z.object({
    gender: z.optional(choice(VOICE_GENDERS)),
    language: z.optional(choice(VOICE_LANGUAGES)),
    accent: z.optional(z.string().check(z.trim(), z.minLength(1, 'must not be empty'))),
  });
}
type ListOptions = z.infer<Awaited<ReturnType<typeof optionsSchema>>>;

export function makeListCommand(f: Factory, run = listRun): Command {
  const cmd = new Command('list')
    .description(
      'List the built-in voices: alias, gender, language, accent and description.\n\nThe reference states no gender for the Italian custom voices: they show "-" and are left out by --gender.',
    )
    .option('--gender <gender>', orList(VOICE_GENDERS))
    .option('--language <code>', orList(VOICE_LANGUAGES))
    .option('--accent <accent>', `Italian accent: ${ACCENTS.join(', ')}`)
    .action(async (raw: Record<string, unknown>) => run(f, parseOptions(await optionsSchema(), raw)));
  return examples(cmd, [
    'voicectl voices list',
    'voicectl voices list --language it',
    'voicectl voices list --gender female -q',
  ]);
}

async function listRun(f: Factory, opts: ListOptions): Promise<void> {
  const accent = opts.accent?.toLowerCase();
  if (accent && !ACCENTS.some((a) => a.toLowerCase() === accent)) {
    const [{ UsageError }, { didYouMean }] = await Promise.all([import('../../errors.js'), import('../../suggest.js')]);
    throw new UsageError(
      `--accent: must be one of ${ACCENTS.join(', ')}${didYouMean(opts.accent ?? '', ACCENTS)} (got "${opts.accent}")`,
    );
  }
  const [{ printList }, { filterVoices }] = await Promise.all([
    import('../../io/output.js'),
    import('../../schemas/voices.js'),
  ]);
  await printList(
    f.io,
    f.output(),
    filterVoices(opts).map((v) => ({ ...v }) as Record<string, unknown>),
    {
      columns: [
        { key: 'id', header: 'VOICE' },
        { key: 'gender', header: 'GENDER', human: (r) => (r.gender === null ? '-' : String(r.gender)) },
        { key: 'language', header: 'LANG' },
        { key: 'accent', header: 'ACCENT', human: (r) => (r.accent === null ? '' : String(r.accent)) },
        { key: 'description', header: 'DESCRIPTION' },
        { key: 'kind', header: 'KIND' },
      ],
      emptyMessage: 'No voice matches those filters.',
    },
  );
  if (f.output().format === 'table' && !f.output().quiet) {
    f.warn(
      "Use one with --voice (any case). A voice ID of exactly 20 letters and digits from your organization's voice library also works.",
    );
  }
}
