// voices list: its work, and its two front ends (the declaration is list.ts).
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { printList } from '../../io/output.js';
import { ACCENTS, filterVoices, type VoiceFilter, type VoiceInfo } from '../../schemas/voices.js';
import { didYouMean } from '../../suggest.js';
import type { AgentContext } from '../agent.js';
import type { VoicesListInput, VoicesListOptions } from './list.js';

/** The work of voices list, for both front ends: the built-in voices that match, offline (no request). */
export function listVoices(filter: VoiceFilter): VoiceInfo[] {
  const accent = filter.accent?.toLowerCase();
  if (accent && !ACCENTS.some((a) => a.toLowerCase() === accent)) {
    throw new UsageError(
      `--accent: must be one of ${ACCENTS.join(', ')}${didYouMean(filter.accent ?? '', ACCENTS)} (got "${filter.accent}")`,
    );
  }
  return filterVoices(filter);
}

/** The CLI: a table on a terminal, and how to use a voice. */
export async function run(f: Factory, opts: VoicesListOptions): Promise<void> {
  await printList(
    f.io,
    f.output(),
    listVoices(opts).map((v) => ({ ...v }) as Record<string, unknown>),
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

/** MCP: the whole list (it is short): an agent filters it itself. */
export async function act(_ctx: AgentContext, _input: VoicesListInput, _sent: unknown, opts: VoicesListOptions) {
  return { voices: listVoices(opts) };
}
