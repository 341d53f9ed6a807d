// campaigns create's work, for the command (run.ts) and its tool (act.ts): the contacts of a file read by the
// command's flags, and the campaign created. What differs is around it: the command asks on a terminal and prints,
// the tool shows a plan first and returns.
import type { FileHandle } from 'node:fs/promises';
import { type ContactsCsvOptions, ContactsCsvShape } from '../../../contacts/flags.js';
import { loadContacts } from '../../../contacts/load.js';
import type { Validated } from '../../../campaigns/body.js';
import { checkNotInput } from '../../../contacts/output.js';
import type { ReadingProgress } from '../../../contacts/progress.js';
import type { Factory } from '../../../factory.js';
import { Campaign } from '../../../schemas/campaigns.js';
import { envelope } from '../../../schemas/common.js';
import type { CreateOptions } from './command.js';
import { checkRejectsFile, loadCsvSkippingInvalid } from './contacts.js';

/** The CSV flags of the options (--default-country, --phone-column, --encoding...), apart from the others. */
export const csvOptionsOf = (opts: CreateOptions) =>
  Object.fromEntries(
    Object.keys(ContactsCsvShape).map((k) => [k, opts[k as keyof typeof ContactsCsvShape]]),
  ) as ContactsCsvOptions;

/**
 * The contacts of `source` (CSV, JSON or NDJSON), read by `csv` (the flags, or the answers a terminal gave): every
 * row valid, or with --skip-invalid the valid ones, the others written to --rejects. `handle`: the file already
 * open (voicectl mcp opened it inside its folder), read from it only.
 */
export async function contactsOf(
  f: Factory,
  source: string,
  opts: CreateOptions,
  csv: ContactsCsvOptions & { progress?: ReadingProgress },
  handle?: FileHandle,
) {
  if (!opts.skipInvalid)
    return loadContacts(source, {
      ...csv,
      handle,
      stdin: f.io.in,
      trackTemp: f.cleanup.trackTemp,
      signal: f.signal,
      warn: f.log.warn,
      quiet: f.output().quiet,
    });
  await checkNotInput('--rejects', opts.rejects, source, 'nothing was sent');
  await checkRejectsFile(opts.rejects, opts.force);
  return loadCsvSkippingInvalid(f, source, {
    ...csv,
    rejects: opts.rejects,
    force: opts.force,
    maxSkipped: opts.maxSkipped,
  });
}

/** POST /v1/campaigns with the checked request: the campaign as created, and the request's id. */
export async function createCampaign(f: Factory, request: Validated['request']) {
  const client = await f.client();
  const res = await client.json(
    { method: 'POST', path: '/v1/campaigns', body: request, signal: f.signal },
    envelope(Campaign),
  );
  return { campaign: res.body.data, requestId: res.requestId };
}
