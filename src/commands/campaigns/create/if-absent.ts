// campaigns create --if-absent: a rerun of the same job (a flaky step, "re-run all jobs", a schedule firing twice)
// finds the campaign the first run created instead of creating a second one. The API has no idempotency key
// (reference 4.4), so the campaign's name is the key: the list is walked (as --all does) for that name.
//
// What this cannot prevent: two runs at the same moment both find nothing and both create. CI serialises them
// (GitHub's `concurrency`, GitLab's `resource_group`; README "Nightly campaign from a CRM export in CI").
import { paginateRecords } from '../../../api/paginate.js';
import { ExistsDifferentError, InterruptedError } from '../../../errors.js';
import type { Factory } from '../../../factory.js';
import { shellWord } from '../../../io/shell.js';
import { printRecord } from '../../../io/output.js';
import { terminalSafe } from '../../../io/safe.js';
import { Campaign, type CampaignCreate } from '../../../schemas/campaigns.js';
import { CAMPAIGN_FIELDS } from '../shared.js';
import { getCampaign, startOnce, statusOf } from '../start-run.js';

type Rec = Record<string, unknown>;

/**
 * States a campaign is created in (reference 3.2: DRAFT, or SCHEDULED with scheduledAt): it was never started, so
 * `--start` starts it. PAUSED is reached only after a start, and someone paused it: a rerun does not resume it.
 */
const NEVER_STARTED: readonly string[] = ['DRAFT', 'SCHEDULED'];

/** What the run does about the campaign it was asked to create. */
export type Decision =
  | { action: 'create' }
  | { action: 'none' | 'start'; id: string; status: string | undefined; record: Rec; sameName: number };

/**
 * The fields whose difference means the job changed since the campaign was created (a person must decide),
 * each as the existing record holds it and as this run would send it.
 */
const COMPARED: { label: string; existing: (r: Rec) => unknown; wanted: (b: CampaignCreate) => unknown }[] = [
  {
    label: 'contacts',
    existing: (r) => (Array.isArray(r.contacts) ? r.contacts.length : undefined),
    wanted: (b) => b.contacts.length,
  },
  {
    label: 'fromNumber',
    existing: (r) => (typeof r.fromNumber === 'string' ? r.fromNumber : undefined),
    wanted: (b) => b.fromNumber,
  },
];

const show = (v: unknown) => terminalSafe(typeof v === 'string' ? v : JSON.stringify(v));
const named = (name: string) => `"${terminalSafe(name)}"`;

/**
 * Looks for a campaign named as `body` (exactly, as the API stores it) and decides: create it, start the one that
 * exists, or nothing. Throws ExistsDifferentError when the one that exists differs from `body` (COMPARED).
 */
export async function decide(f: Factory, body: CampaignCreate, start: boolean): Promise<Decision> {
  const client = await f.client();
  const matches: Rec[] = [];
  for await (const c of paginateRecords(client, Campaign, { path: '/v1/campaigns', signal: f.signal })) {
    if ((c as Rec).name === body.name) matches.push(c as Rec);
  }
  if (matches.length === 0) return { action: 'create' };
  // The newest, when there are several (runs before --if-absent was used): the reference gives no list order.
  const created = (r: Rec) => (typeof r.createdAt === 'string' ? r.createdAt : '');
  const newest = matches.reduce((a, b) => (created(b) > created(a) ? b : a));
  const id = String(newest.id);
  // The list may leave contacts out (4.6 shows no fields); the detail has them (4.7).
  const record = await getCampaign(client, id, f.signal);
  const status = statusOf(record);

  const differences: string[] = [];
  for (const field of COMPARED) {
    const had = field.existing(record);
    const want = field.wanted(body);
    if (had === undefined) f.log.warn(`warning: cannot compare ${field.label}: campaign ${id} does not show it`);
    else if (had !== want) differences.push(`${field.label} ${show(had)}, this run ${show(want)}`);
  }
  if (differences.length > 0) {
    throw new ExistsDifferentError(
      `campaign ${named(body.name)} already exists (${id}, ${show(status ?? 'status unknown')}) and differs from this one: ${differences.join('; ')}`,
      {
        hints: [
          'Nothing was created or started. The job changed since that campaign was created: a person must decide.',
          `Check it with: ${f.commandLine.invocation()} campaigns show ${shellWord(id)}`,
          'To create a new campaign anyway, give it another --name.',
        ],
      },
    );
  }
  const action = start && status !== undefined && NEVER_STARTED.includes(status) ? 'start' : 'none';
  return { action, id, status, record, sameName: matches.length };
}

/** One line on what --if-absent decided (or would decide, with --dry-run). */
export function describe(f: Factory, d: Decision, name: string, start: boolean, dryRun: boolean): string {
  const would = (done: string, conditional: string) => (dryRun ? conditional : done);
  // Not "creating it": on a terminal the confirmation comes after this line.
  if (d.action === 'create') return `no campaign is named ${named(name)} yet${would('', ': it would be created')}`;
  const state = d.status === undefined ? 'status unknown' : show(d.status);
  const head = `campaign ${named(name)} already exists (${d.id}, ${state}): ${would('not created', 'nothing would be created')}`;
  const more = d.sameName > 1 ? ` (${d.sameName} campaigns have this name; this is the newest)` : '';
  if (!start) return `${head}${more}`;
  if (d.action === 'start') return `${head}; ${would('starting it', 'it would be started')}${more}`;
  const why =
    d.status === undefined
      ? `its state is not shown, so it is ${would('not started', 'would not be started')} (${f.commandLine.invocation()} campaigns start ${shellWord(d.id)} --if-not-running starts it if it never was)`
      : d.status === 'PAUSED'
        ? `it is PAUSED: ${would('not resumed', 'it would not be resumed')} (resume it with ${f.commandLine.invocation()} campaigns start ${shellWord(d.id)})`
        : `it was started before: ${would('not started again', 'it would not be started again')}`;
  return `${head}; ${why}${more}`;
}

/** The dry-run JSON's account of the decision (`{body, plan, ifAbsent}`). */
export function decisionJson(d: Decision): Rec {
  return d.action === 'create'
    ? { exists: false, action: 'create' }
    : { exists: true, id: d.id, status: d.status ?? null, action: d.action };
}

/** Carries out a decision about a campaign that exists: prints it, and starts it when that was decided. */
export async function useExisting(
  f: Factory,
  d: Exclude<Decision, { action: 'create' }>,
  name: string,
  opts: { start: boolean; yes: boolean },
): Promise<void> {
  f.log.warn(describe(f, d, name, opts.start, false));
  let record = d.record;
  if (d.action === 'start') {
    if (f.io.canPrompt() && !opts.yes) {
      const p = await f.prompter();
      // It calls people: Enter declines, as every confirmation that calls or spends does (README "Interactive use").
      if (!(await p.confirm(`Start campaign ${d.id} and call its contacts now?`, false)))
        throw new InterruptedError('cancelled at the confirmation; nothing was started');
    }
    const outcome = await startOnce(await f.client(), d.id, f.signal);
    // Started in between by someone else: that is the state asked for.
    if (!outcome.started) f.log.warn(`campaign ${d.id} was started meanwhile (it is ${show(outcome.status)})`);
    // A start answered without the campaign (reference 4.5 shows no body): the campaign as found is printed.
    if (!outcome.started || outcome.reported) record = outcome.record;
  }
  await printRecord(f.io, f.output(), record, CAMPAIGN_FIELDS);
}
