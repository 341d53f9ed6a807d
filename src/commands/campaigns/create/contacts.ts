// `campaigns create --contacts file.csv --skip-invalid [--rejects file.csv]`: the converter of `contacts
// convert`, with the invalid rows left out of the campaign instead of stopping it. The rejects file is the
// one `contacts convert --rejects` writes (same columns, same delimiter, never replaced without --force),
// written as soon as the whole CSV was read, before the summary, the confirmation or any request.
import type { ContactsCsvOptions, MaxSkipped } from '../../../contacts/flags.js';
import { loadContacts, noContactsError } from '../../../contacts/load.js';
import { checkDestination, rejectsSink, StagedFile } from '../../../contacts/output.js';
import type { ReadingProgress } from '../../../contacts/progress.js';
import type { Factory } from '../../../factory.js';
import { plural } from '../../../io/format.js';
import type { Contact } from '../../../schemas/contacts.js';

export interface SkipInvalidOptions extends ContactsCsvOptions {
  progress?: ReadingProgress;
  rejects?: string;
  force: boolean;
  maxSkipped?: MaxSkipped;
}

/** Checked before the CSV is read, and again before the rejects file is put in place. */
export async function checkRejectsFile(file: string | undefined, force: boolean): Promise<void> {
  await checkDestination('--rejects', file, force, 'nothing was sent');
}

/** The valid contacts of a CSV; invalid rows are counted on stderr and written with their reasons to --rejects. */
export async function loadCsvSkippingInvalid(f: Factory, source: string, opts: SkipInvalidOptions): Promise<Contact[]> {
  const label = source === '-' ? 'stdin' : source;
  const rejects = opts.rejects ? await StagedFile.create(opts.rejects, f.cleanup.trackTemp) : undefined;
  f.cleanup.add(async () => rejects?.discard());
  let log: Parameters<typeof noContactsError>[1] = { rows: 0, lines: () => [] };
  try {
    const contacts = await loadContacts(source, {
      ...opts,
      stdin: f.io.in,
      trackTemp: f.cleanup.trackTemp,
      signal: f.signal,
      warn: f.log.warn,
      quiet: f.output().quiet,
      skipInvalid: true,
      // --csv-raw: the rejected cells exactly as read, as contacts convert writes them.
      rejects: rejects
        ? rejectsSink(rejects, { raw: f.globals().csvRaw, excel: f.globals().excel ? f.output().csv : undefined })
        : undefined,
      onSummary: async ({ errors }) => {
        log = errors;
        if (rejects) {
          await checkRejectsFile(opts.rejects, opts.force);
          await rejects.commit();
        }
        if (errors.count) {
          f.log.warn(
            `warning: --skip-invalid left ${plural(errors.rows, 'invalid row')} of ${label} out of the campaign${opts.rejects ? `; they are in ${opts.rejects} with their reasons` : ':'}`,
          );
          if (!opts.rejects) for (const line of errors.lines()) f.log.warn(`  ${line}`);
        }
      },
    });
    if (contacts.length === 0) throw noContactsError(label, log, 'nothing was sent', true);
    return contacts;
  } finally {
    await rejects?.discard();
  }
}
