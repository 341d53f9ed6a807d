// voices list: the built-in catalog of reference 2.2, offline. The same list checks --voice and feeds completion.
import * as z from 'zod';
import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { examples } from '../help.js';

type Rec = Record<string, unknown>;

export async function listRun(f: Factory, raw: Rec): Promise<void> {
  const [{ parseOptions }, { printList }, { ACCENTS, filterVoices }, { choice }] = await Promise.all([
    import('../../options.js'),
    import('../../io/output.js'),
    import('../../schemas/voices.js'),
    import('../../schemas/common.js'),
  ]);
  const opts = parseOptions(
    z.object({
      gender: choice(['female', 'male']).optional(),
      language: choice(['en', 'it']).optional(),
      accent: z.string().trim().min(1, 'must not be empty').optional(),
    }),
    raw,
  );
  const rows = filterVoices(opts);
  const accent = opts.accent?.toLowerCase();
  if (accent && !ACCENTS.some((a) => a.toLowerCase() === accent)) {
    const [{ UsageError }, { didYouMean }] = await Promise.all([import('../../errors.js'), import('../../suggest.js')]);
    throw new UsageError(
      `--accent: must be one of ${ACCENTS.join(', ')}${didYouMean(opts.accent ?? '', ACCENTS)} (got "${opts.accent}")`,
    );
  }
  await printList(
    f.io,
    f.output(),
    rows.map((v) => ({ ...v }) as Rec),
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

export function make(f: Factory): Command {
  const voices = new Command('voices').description('The built-in voice catalog (reference 2.2), available offline.');
  const list = new Command('list')
    .description(
      'List the built-in voices: alias, gender, language, accent and description.\n\nThe reference states no gender for the Italian custom voices: they show "-" and are left out by --gender.',
    )
    .option('--gender <gender>', 'female or male')
    .option('--language <code>', 'en or it')
    .option('--accent <accent>', 'Italian accent: Italiano, Romanesco, Toscano, Siciliano, Milanese')
    .action(async (raw: Rec) => listRun(f, raw));
  voices.addCommand(
    examples(list, [
      'voicectl voices list',
      'voicectl voices list --language it',
      'voicectl voices list --gender female -q',
    ]),
  );
  return examples(voices, ['voicectl voices list --gender male']);
}
