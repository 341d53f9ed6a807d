// contacts convert: a spreadsheet export (CSV) to the contacts array of a campaign.
import * as z from 'zod/mini';
import { CSV_FLAGS, rejectsFlags } from '../../contacts/flags.js';
import { type Args, defineCommand, type Flags, type Options, type ToolInput } from '../define.js';

const args = {
  file: {
    name: '<file>',
    help: 'CSV file, or - for stdin',
    schema: z.string().check(z.minLength(1, 'is required')),
    mcp: {
      schema: z.string().check(z.minLength(1, 'must not be empty')),
      description: 'CSV file, a relative path',
    },
  },
} satisfies Args;

const REJECTS = rejectsFlags('--out or --rejects', 'the valid contacts are written');

const flags = {
  out: {
    flag: '--out <file>',
    help: 'write here instead of stdout (appears only when the whole file converted)',
    schema: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
    mcp: {
      key: 'output' as const,
      description: 'New JSON file; default <file>.contacts.json',
    },
  },
  // The tool never replaces a file, and reports the rows left out instead of writing them.
  force: { ...REJECTS.force, mcp: false },
  skipInvalid: {
    ...REJECTS.skipInvalid,
    mcp: { description: 'Write valid rows, report the rest' },
  },
  rejects: { ...REJECTS.rejects, mcp: false },
  maxSkipped: REJECTS.maxSkipped,
  ...CSV_FLAGS,
} satisfies Flags;

export type ConvertOptions = Options<typeof flags, typeof args>;
export type ConvertInput = ToolInput<typeof flags, typeof args>;

export const convertCommand = defineCommand({
  name: 'convert',
  summary:
    'Turn a spreadsheet export (CSV) into the contacts array of a campaign: numbers normalised to E.164, alternatives and per-attempt fields from contact_attempts.N.* columns, every other column a free field. Every row is checked first: on any error nothing is written and the command exits 2.',
  examples: [
    'voicectl contacts convert fixtures/contacts/italian-national.csv --default-country IT',
    'voicectl contacts convert leads.csv --default-country IT --out contacts.json',
    'voicectl contacts convert export.csv --phone-column Mobile --attempt-columns Office,Home --exclude Notes -o ndjson',
    'voicectl contacts convert leads.csv --default-country IT --skip-invalid --rejects rejected.csv --out contacts.json',
    'cat leads.csv | voicectl contacts convert - --encoding latin1 --delimiter ";" --dedupe',
  ],
  mcp: {
    name: 'contacts_convert',
    description: 'A CSV of the folder to contacts in a new JSON file; invalid rows fail it unless skipInvalid.',
    write: true,
    files: true,
    local: true,
    // Counts and the path it wrote are its own; the errors, warnings and columns quote the file.
    trusted: ['output', 'rows', 'contacts', 'invalidRows', 'droppedDuplicates'],
    load: () => import('./convert-run.js'),
  },
  args,
  flags,
  checks: [
    z.refine<ConvertOptions>((o) => !o.rejects || o.skipInvalid, {
      path: ['rejects'],
      message: 'needs --skip-invalid (without it, a file with errors writes nothing)',
    }),
    z.refine<ConvertOptions>((o) => !(o.out && o.rejects && o.out === o.rejects), {
      path: ['rejects'],
      message: 'must not be the --out file',
    }),
  ],
  load: () => import('./convert-run.js'),
});
