// campaigns results: what it runs (the declaration is results.ts).
import {
  asContact,
  buildResults,
  contactColumns,
  csvRows,
  listText,
  matchesStatus,
  RESULTS_PAGE,
  type ResultRow,
} from '../../campaigns/results.js';
import { hintIfNotFound } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { CALL_OUTCOMES } from '../../facts.js';
import { cell, plural } from '../../io/format.js';
import { csvLine, csvStart, printJqText, printList, type Column } from '../../io/output.js';
import { shellWord } from '../../io/shell.js';
import { jsonForTerminal } from '../../io/safe.js';
import { write } from '../../io/streams.js';
import { Call } from '../../schemas/calls.js';
import type { Campaign } from '../../schemas/campaigns.js';
import { maxPagesFrom } from '../list.js';
import { progressOf } from '../../campaigns/outcome.js';
import { UsageError } from '../../errors.js';
import type { AgentContext } from '../agent.js';
import type { ResultsInput, ResultsOptions } from './results.js';
import { fetchCampaign } from './waiting.js';

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
export async function campaignCalls(f: Factory, id: string): Promise<Record<string, unknown>[]> {
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

/** The header of an empty contacts CSV: the columns the campaign's contacts have (the number at least). */
function emptyHeader(all: ResultRow[]): string[] {
  const keys = new Set(['phone_number']);
  for (const r of all) for (const k of Object.keys(contactColumns(asContact(r)))) keys.add(k);
  return [...keys];
}

async function writeContacts(f: Factory, file: string, rows: ResultRow[], all: ResultRow[]): Promise<void> {
  const [{ StagedFile }] = await Promise.all([import('../../contacts/output.js')]);
  const staged = await StagedFile.create(file === '-' ? undefined : file, (p) => f.cleanup.trackTemp(p));
  try {
    const contacts = rows.map(asContact);
    if (/\.csv$/i.test(file)) {
      const flat = contacts.map(contactColumns);
      // An empty list keeps its header (the contact's number at least), so that it still reads as a contacts CSV.
      const keys = flat.length ? [...new Set(flat.flatMap((c) => Object.keys(c)))] : emptyHeader(all);
      const out = f.output();
      staged.push(csvStart(out) + csvLine(out, keys));
      for (const c of flat)
        staged.push(
          csvLine(
            out,
            keys.map((k) => c[k] ?? ''),
          ),
        );
    } else {
      staged.push(
        contacts.length === 0 ? '[]\n' : `[\n${contacts.map((c) => `  ${JSON.stringify(c)}`).join(',\n')}\n]\n`,
      );
    }
    // --jq filters the contacts printed to stdout (`--as-contacts -`), as it filters any JSON printed.
    const out = f.output();
    if (file === '-' && out.jq !== undefined) {
      const text = await staged.text();
      await staged.discard();
      await printJqText(f.io, out, text);
    } else if (file === '-' && out.tty) {
      // The contacts are the server's text: on a terminal, the same JSON with its controls and invisible
      // characters written as \u escapes.
      const text = await staged.text();
      await staged.discard();
      // output: jsonForTerminal made the server's text safe for the terminal.
      await write(f.io.out, jsonForTerminal(text));
    } else await staged.commit(f.io.out);
  } catch (err) {
    await staged.discard();
    throw err;
  }
}

/** A campaign's results: the campaign, a row per contact (`all`) and those of the status asked for (`rows`). */
export interface CampaignResults {
  campaign: Campaign;
  all: ResultRow[];
  rows: ResultRow[];
}

/**
 * The work of results, for the CLI and an agent alike: the campaign and its calls (every page) joined into a row per
 * contact, those of `status` when given, with the notes on what the service left out logged.
 */
export async function campaignResults(
  f: Factory,
  { id, status }: Pick<ResultsOptions, 'id' | 'status'>,
): Promise<CampaignResults> {
  const campaign = await fetchCampaign(f, id);
  const calls = await campaignCalls(f, id);
  const { rows: all, unfilled } = buildResults(campaign, calls);
  if (unfilled.length)
    f.log.warn(
      `note: the service gave nothing to fill ${unfilled.join(', ')} (empty in every row: "-" on a terminal, null in JSON)`,
    );
  const rows = status ? all.filter((r) => matchesStatus(r, status)) : all;
  // A value no row has and no service state names (no-answer for no_answer) would select nothing without a word.
  for (const s of status ?? [])
    if (!KNOWN_RESULTS.includes(s) && !all.some((r) => r.result === s))
      f.log.warn(`warning: --status ${s}: no contact has that result (known: ${KNOWN_RESULTS.join(', ')})`);
  return { campaign, all, rows };
}

export async function run(f: Factory, opts: ResultsOptions): Promise<void> {
  if (opts.asContacts !== undefined && opts.asContacts !== '-') {
    const { checkOutputFile } = await import('../../io/destination.js');
    checkOutputFile('--as-contacts', opts.asContacts, {
      force: opts.force,
      nothing: 'nothing was read or written',
      example: 'follow-up.json',
    });
  }
  const { rows, all } = await hintIfNotFound(
    campaignResults(f, opts),
    `List your campaigns: ${f.commandLine.invocation()} campaigns list`,
  );
  if (opts.asContacts !== undefined) {
    await writeContacts(f, opts.asContacts, rows, all);
    if (opts.asContacts === '-') return;
    // A campaign of no contacts is refused by the service: an empty list is said to be empty, with no next step.
    f.log.warn(
      rows.length === 0
        ? `wrote an empty follow-up list to ${opts.asContacts}: no contact ${opts.status ? `is ${opts.status.join(' or ')}` : 'in this campaign'}`
        : `wrote ${plural(rows.length, 'contact')} to ${opts.asContacts}; a follow-up campaign: ${f.commandLine.invocation()} campaigns create --contacts ${shellWord(opts.asContacts)} --name ... --agent ... --from ...`,
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

/**
 * For an agent: one page of rows (or, with followUp, of contacts to call again), the campaign's progress and the
 * count of each result, so that one call answers "who answered" for a campaign of any size.
 */
export async function act(ctx: AgentContext, { page, followUp }: ResultsInput, _sent: unknown, opts: ResultsOptions) {
  const { campaign, all, rows } = await hintIfNotFound(
    campaignResults(ctx.f, opts),
    'List your campaigns: campaigns_list.',
  );
  const totalPages = Math.max(1, Math.ceil(rows.length / RESULTS_PAGE));
  if (page > totalPages)
    throw new UsageError(
      `page: must be at most ${totalPages} (${rows.length} rows, ${RESULTS_PAGE} a page) (got ${page})`,
    );
  const shown = rows.slice((page - 1) * RESULTS_PAGE, page * RESULTS_PAGE);
  const counts: Record<string, number> = {};
  for (const r of all) counts[r.result] = (counts[r.result] ?? 0) + 1;
  const notReached = all.filter((r) => r.reached === false).length;
  return {
    campaign: progressOf(opts.id, campaign),
    results: counts,
    reached: all.filter((r) => r.reached === true).length,
    notReached,
    ...(followUp
      ? { contacts: shown.map(asContact) }
      : { rows: shown.map(({ contact_attempts: _a, status: _s, ...row }) => row) }),
    pagination: { page, totalPages, rows: rows.length, perPage: RESULTS_PAGE },
    ...(page < totalPages ? { nextPage: page + 1 } : {}),
    ...(notReached > 0 && !followUp
      ? {
          next: 'To call the contacts not reached again: status "not_reached" with followUp true gives them as contacts for campaigns_create.',
        }
      : {}),
  };
}
