// campaigns report: what it runs (the declaration is report.ts).
import { reportHtml } from '../../campaigns/report.js';
import { hintIfNotFound } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { plural } from '../../io/format.js';
import type { ReportOptions } from './report.js';
import { campaignResults } from './results-run.js';

export async function run(f: Factory, opts: ReportOptions): Promise<void> {
  if (opts.out !== '-') {
    const { checkOutputFile } = await import('../../io/destination.js');
    checkOutputFile('--out', opts.out, {
      force: opts.force,
      nothing: 'nothing was read or written',
      example: 'report.html',
    });
  }
  // The rows of campaigns results, every contact (the report marks each result itself).
  const {
    campaign,
    calls,
    all: rows,
  } = await hintIfNotFound(
    campaignResults(f, { id: opts.id }),
    `List your campaigns: ${f.commandLine.invocation()} campaigns list`,
  );
  const html = reportHtml({ campaign, calls, rows, now: f.clock.now() });
  const { StagedFile } = await import('../../contacts/output.js');
  const staged = await StagedFile.create(opts.out === '-' ? undefined : opts.out, (p) => f.cleanup.trackTemp(p));
  try {
    await staged.push(html);
    await staged.commit(f.io.out);
  } catch (err) {
    await staged.discard();
    throw err;
  }
  if (opts.out !== '-')
    f.log.warn(
      `wrote the report of ${plural(rows.length, 'contact')} and ${plural(calls.length, 'call')} to ${opts.out}`,
    );
}
