// voices list: what it runs (the declaration is list.ts).
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { printList } from '../../io/output.js';
import { ACCENTS, filterVoices } from '../../schemas/voices.js';
import { didYouMean } from '../../suggest.js';
import type { VoicesListInput, VoicesListOptions } from './list.js';

export async function run(f: Factory, opts: VoicesListOptions): Promise<void> {
  const accent = opts.accent?.toLowerCase();
  if (accent && !ACCENTS.some((a) => a.toLowerCase() === accent)) {
    throw new UsageError(
      `--accent: must be one of ${ACCENTS.join(', ')}${didYouMean(opts.accent ?? '', ACCENTS)} (got "${opts.accent}")`,
    );
  }
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
    f.log.warn(
      "Use one with --voice (any case). A voice ID of exactly 20 letters and digits from your organization's voice library also works.",
    );
  }
}

export async function act(_ctx: unknown, { language }: VoicesListInput) {
  return { voices: filterVoices({ language }) };
}
