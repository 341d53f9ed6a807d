// campaigns results <id>: who was reached. One row per contact from the campaign detail and the calls list, in every
// format (CSV for the CRM round trip), and --as-contacts FILE: the contacts of the rows selected by --status, as
// `campaigns create --contacts` takes them, for a follow-up campaign.
import { Command } from 'commander';
import * as z from 'zod/mini';
import { hintIfNotFound } from '../../errors.js';
import { CALL_OUTCOMES } from '../../facts.js';
import type { Factory } from '../../factory.js';
import {
  asContact,
  buildResults,
  contactColumns,
  csvRows,
  listText,
  matchesStatus,
  type ResultRow,
} from '../../campaigns/results.js';
import { cell, csvField, plural } from '../../io/format.js';
import { printList, type Column } from '../../io/output.js';
import { shellWord } from '../../io/shell.js';
import { parseOptions } from '../../options.js';
import { Call } from '../../schemas/calls.js';
import { examples } from '../help.js';
import { maxPagesFrom } from '../list.js';
import { fetchCampaign } from './waiting.js';

const ResultsOptions = z.object({
  id: z.string().check(z.trim(), z.minLength(1, 'must not be empty')),
  status: z.optional(
    z.pipe(
      z.string(),
      z.transform((s: string) =>
        s
          .split(',')
          .map((x) => x.trim().toLowerCase())
          .filter(Boolean),
      ),
    ),
  ),
  asContacts: z.optional(z.string().check(z.trim(), z.minLength(1, 'must not be empty'))),
  force: z._default(z.boolean(), false),
});
type ResultsOptions = z.infer<typeof ResultsOptions>;

type Row = ResultRow & Record<string, unknown>;

const KNOWN_RESULTS = [...CALL_OUTCOMES, 'pending', 'calling', 'reached', 'not_reached'] as string[];

function fieldsText(r: ResultRow): string {
  return Object.entries(r.fields)
    .map(([k, v]) => `${k}=${cell(v)}`)
    .join(' ');
}

// At 80 columns: #, number, result, calls and the fields; the numbers dialled and caller IDs give way first (JSON and
// CSV always have them).
const COLUMNS: Column<Row>[] = [
  { key: 'index', header: '#' },
  { key: 'phone_number', header: 'NUMBER' },
  { key: 'result', header: 'RESULT' },
  { key: 'attempts', header: 'CALLS', human: (r) => (r.attempts === null ? '-' : String(r.attempts)) },
  { key: 'numbersDialled', header: 'DIALLED', human: (r) => listText(r.numbersDialled), width: 30, drop: 3 },
  { key: 'callerIds', header: 'CALLER IDS', human: (r) => listText(r.callerIds), width: 30, drop: 4 },
  { key: 'fields', header: 'FIELDS', human: fieldsText, fill: 12 },
];

/** Every call of the campaign, from as many pages as the walk's bound allows (VOICECTL_MAX_PAGES). */
async function campaignCalls(f: Factory, id: string): Promise<Record<string, unknown>[]> {
  const [client, { paginateRecords }] = await Promise.all([f.client(), import('../../api/paginate.js')]);
  const calls: Record<string, unknown>[] = [];
  for await (const call of paginateRecords(client, Call, {
    path: '/v1/calls',
    query: { campaignId: id },
    signal: f.signal,
    maxPages: maxPagesFrom(f.env),
  })) {
    // The filter is not documented (4.10): a call that names another campaign is not this one's.
    if (call.campaignId === undefined || call.campaignId === id) calls.push(call);
  }
  return calls;
}

async function writeContacts(f: Factory, file: string, rows: ResultRow[]): Promise<void> {
  const [{ StagedFile }] = await Promise.all([import('../../contacts/output.js')]);
  const staged = await StagedFile.create(file === '-' ? undefined : file, (p) => f.cleanup.trackTemp(p));
  try {
    const contacts = rows.map(asContact);
    if (/\.csv$/i.test(file)) {
      const flat = contacts.map(contactColumns);
      const keys = [...new Set(flat.flatMap((c) => Object.keys(c)))];
      const raw = f.output().csvRaw;
      const line = (cells: unknown[]) => `${cells.map((c) => csvField(c ?? '', { raw })).join(',')}\n`;
      staged.push(line(keys));
      for (const c of flat) staged.push(line(keys.map((k) => c[k])));
    } else {
      staged.push(
        contacts.length === 0 ? '[]\n' : `[\n${contacts.map((c) => `  ${JSON.stringify(c)}`).join(',\n')}\n]\n`,
      );
    }
    await staged.commit(f.io.out);
  } catch (err) {
    await staged.discard();
    throw err;
  }
}

async function resultsRun(f: Factory, opts: ResultsOptions): Promise<void> {
  if (opts.asContacts !== undefined && opts.asContacts !== '-') {
    const { checkOutputFile } = await import('../../io/destination.js');
    checkOutputFile('--as-contacts', opts.asContacts, {
      force: opts.force,
      nothing: 'nothing was read or written',
      example: 'follow-up.json',
    });
  }
  const campaign = await hintIfNotFound(
    fetchCampaign(f, opts.id),
    `List your campaigns: ${f.commandLine.invocation()} campaigns list`,
  );
  const calls = await campaignCalls(f, opts.id);
  const { rows: all, unfilled } = buildResults(campaign, calls);
  if (unfilled.length)
    f.warn(
      `note: the service gave nothing to fill ${unfilled.join(', ')} (empty in every row: "-" on a terminal, null in JSON)`,
    );
  const rows = opts.status ? all.filter((r) => matchesStatus(r, opts.status!)) : all;
  // A value no row has and no service state names (no-answer for no_answer) would select nothing without a word.
  for (const s of opts.status ?? [])
    if (!KNOWN_RESULTS.includes(s) && !all.some((r) => r.result === s))
      f.warn(`warning: --status ${s}: no contact has that result (known: ${KNOWN_RESULTS.join(', ')})`);
  if (opts.asContacts !== undefined) {
    await writeContacts(f, opts.asContacts, rows);
    if (opts.asContacts === '-') return;
    f.warn(
      `wrote ${plural(rows.length, 'contact')} to ${opts.asContacts}; a follow-up campaign: ${f.commandLine.invocation()} campaigns create --contacts ${shellWord(opts.asContacts)} --name ... --agent ... --from ...`,
    );
  }
  const out = f.output();
  const emptyMessage = opts.status
    ? `No contact of campaign ${opts.id} is ${opts.status.join(' or ')}.`
    : `Campaign ${opts.id} has no contacts.`;
  if (out.format === 'csv' && !out.quiet) {
    const flat = csvRows(rows);
    await printList(f.io, out, flat, { columns: Object.keys(flat[0] ?? {}).map((key) => ({ key })) });
    return;
  }
  await printList(f.io, out, rows as Row[], { columns: COLUMNS, emptyMessage, idKey: 'phone_number' });
}

export function makeResultsCommand(f: Factory, run = resultsRun): Command {
  const cmd = new Command('results')
    .description(
      "One row per contact of a campaign: its number and fields, how it ended (RESULT: answered, or the last call's outcome once out of attempts: no_answer, busy, voicemail, failed; pending or calling before), the calls made, the numbers dialled and the caller IDs used.\n\nFrom the campaign detail and the calls list (GET /v1/calls?campaignId=, not documented by the API): a column the service gives nothing for is '-' (null in JSON), and stderr names it. -o csv puts the contact's own columns first (as a contacts CSV), then result.*; -q prints the numbers. --status keeps some rows; --as-contacts FILE writes their contacts (JSON, or CSV for a .csv name) for `campaigns create --contacts`, alternatives and free fields kept.",
    )
    .argument('<id>', 'campaign ID')
    .option(
      '--status <list>',
      'only these results, comma-separated: answered, no_answer, busy, voicemail, failed, pending, calling; reached, not_reached',
    )
    .option(
      '--as-contacts <file>',
      'write the contacts of the rows shown to this file (.csv: CSV, else JSON; - for stdout)',
    )
    .option('--force', 'replace the --as-contacts file if it exists')
    .action(async (id: string, raw: Record<string, unknown>) => {
      await run(f, parseOptions(ResultsOptions, { ...raw, id }, { id: '<id>' }));
    });
  return examples(cmd, [
    'voicectl campaigns results cmp_0123456789abcdef',
    'voicectl campaigns results cmp_0123456789abcdef -o csv > results.csv',
    'voicectl campaigns results cmp_0123456789abcdef --status no_answer,failed --as-contacts follow-up.json',
    'voicectl campaigns create --name "Follow-up" --agent agent_sales --from +390212345678 --contacts follow-up.json',
  ]);
}
