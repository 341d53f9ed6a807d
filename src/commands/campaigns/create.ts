import type { Writable } from 'node:stream';
import { Command } from 'commander';
import * as z from 'zod';
import { applyFlags, type CampaignFlags, emptyContacts, missingRequired, validateBody } from '../../campaigns/body.js';
import { planCampaign, type ContactPlan, type PlannedAttempt } from '../../campaigns/plan.js';
import { readBodyFile } from '../../campaigns/file.js';
import {
  addCsvOptions,
  checkJsonContacts,
  type ContactsCsvOptions,
  ContactsCsvShape,
  RejectsShape,
  loadContacts,
  numberChecks,
} from '../../contacts/load.js';
import { DeclinedError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { printList, printRecord } from '../../io/output.js';
import { jsonForTerminal, terminalSafe } from '../../io/safe.js';
import { write } from '../../io/streams.js';
import { parseOptions } from '../../options.js';
import { Campaign, type CampaignCreate, STRATEGIES, TimeZoneFlag } from '../../schemas/campaigns.js';
import { choice, decimal, envelope, E164_PATTERN } from '../../schemas/common.js';
import { examples } from '../help.js';
import { attemptsText, CAMPAIGN_FIELDS, callerIdsText, windowText } from './shared.js';

const str = z.string().optional();

const CreateOptions = z
  .object({
    name: str,
    agent: str,
    from: str,
    description: str,
    fromAttempts: str,
    // Flags in any case, sent as the API spells them (`--from-strategy Rolling` is rolling).
    fromStrategy: choice(STRATEGIES).optional(),
    contactStrategy: choice(STRATEGIES).optional(),
    map: z.array(z.string()).optional(),
    maxRetries: str,
    retryDelay: str,
    days: str,
    window: str,
    startTime: str,
    endTime: str,
    timezone: TimeZoneFlag.optional(),
    maxConcurrency: str,
    keepFreeForInbound: str,
    scheduledAt: str,
    start: z.boolean().optional(),
    ifAbsent: z.boolean().default(false),
    contacts: str,
    file: str,
    dryRun: z.boolean().default(false),
    planRows: decimal(
      z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be 1 or more'),
    ).optional(),
    yes: z.boolean().default(false),
    ...RejectsShape,
    ...ContactsCsvShape,
  })
  .refine((o) => !o.rejects || o.skipInvalid, {
    path: ['rejects'],
    message: 'needs --skip-invalid (without it, a file with errors stops the command)',
  })
  .refine((o) => !o.skipInvalid || o.contacts !== undefined, {
    path: ['skipInvalid'],
    message: 'applies to CSV contacts: use it with --contacts file.csv',
  });
type CreateOptions = z.infer<typeof CreateOptions>;

function contactsLoader(f: Factory, opts: CreateOptions) {
  const csv = Object.fromEntries(
    Object.keys(ContactsCsvShape).map((k) => [k, opts[k as keyof typeof ContactsCsvShape]]),
  ) as ContactsCsvOptions;
  const once = async (source: string, o: ContactsCsvOptions) => {
    if (!opts.skipInvalid) return loadContacts(source, { ...o, stdin: f.io.in, signal: f.signal, warn: f.warn });
    const { checkRejectsFile, loadCsvSkippingInvalid } = await import('./contacts.js');
    await checkRejectsFile(opts.rejects, opts.force);
    return loadCsvSkippingInvalid(f, source, { ...o, rejects: opts.rejects, force: opts.force });
  };
  // On a terminal, a file that lacks its phone column or country asks for them (stdin cannot be read twice).
  return async (source: string) => {
    if (source === '-') return once(source, csv);
    const { withAnswers } = await import('../../contacts/walkthrough.js');
    return withAnswers(f, csv, (o) => once(source, o));
  };
}

/** Asks for the required fields the flags and --file left out (only on a terminal). */
async function askMissing(
  f: Factory,
  raw: Record<string, unknown>,
  load: (source: string) => Promise<unknown[]>,
): Promise<void> {
  const p = await f.prompter();
  const nonEmpty = (v: string) => (v.trim() !== '' ? true : 'required');
  if (raw.name === undefined || raw.name === '')
    raw.name = (await p.input('Campaign name:', { validate: nonEmpty })).trim();
  if (raw.agentId === undefined || raw.agentId === '')
    raw.agentId = (await p.input('AI agent ID:', { validate: nonEmpty })).trim();
  if (raw.fromNumber === undefined || raw.fromNumber === '') {
    raw.fromNumber = (
      await p.input('Caller ID (E.164, e.g. +390212345678):', {
        validate: (v) => (E164_PATTERN.test(v.trim()) ? true : 'must be E.164: + and country code, digits only'),
      })
    ).trim();
  }
  if (raw.contacts === undefined) {
    for (;;) {
      const source = (await p.input('Contacts file (CSV, JSON or NDJSON):', { validate: nonEmpty })).trim();
      try {
        const contacts = await load(source);
        if (contacts.length === 0) {
          f.warn(`error: ${emptyContacts(source)}`);
          continue;
        }
        raw.contacts = contacts;
        break;
      } catch (err) {
        if (!(err instanceof UsageError)) throw err;
        f.warn(`error: ${err.message}`);
        for (const h of err.hints.slice(0, 5)) f.warn(`  ${h}`);
      }
    }
  }
}

/** The summary of a create body, as label and value (shared with `voicectl mcp`'s plan). */
export function summaryLines(body: CampaignCreate, startWith = '`voicectl campaigns start <id>`'): [string, string][] {
  const r = body as unknown as Record<string, unknown>;
  const start = body.startImmediately
    ? 'immediately (startImmediately)'
    : body.scheduledAt
      ? `at ${body.scheduledAt} (SCHEDULED)`
      : `not yet: created as DRAFT, start it with ${startWith}`;
  const rows: [string, string][] = [
    ['Name', body.name],
    ['Agent', body.agentId],
    ['Caller ID', body.fromNumber],
    ['Per attempt', callerIdsText(r)],
    [
      'Contacts',
      `${body.contacts.length}${body.contactAttemptStrategy ? ` (alternatives: ${body.contactAttemptStrategy})` : ''}`,
    ],
    ['Attempts', attemptsText(r)],
    ['Window', windowText(r)],
    [
      'Concurrency',
      body.maxConcurrency !== undefined
        ? `${body.maxConcurrency}, ${body.keepFreeForInbound} kept free for inbound`
        : body.keepFreeForInbound
          ? `${body.keepFreeForInbound} kept free for inbound`
          : '',
    ],
    [
      'Variables',
      Object.entries(body.variableMapping ?? {})
        .map(([v, k]) => `${v} ← ${k}`)
        .join(', '),
    ],
    ['Starts', start],
  ];
  return rows.filter(([, v]) => v !== '');
}

/** The fields an attempt's contact_attempts entry overrides (those that differ from attempt 1's), or undefined. */
function attemptOverrides(c: ContactPlan, a: PlannedAttempt): Record<string, unknown> | undefined {
  const base = c.attempts[0].fields;
  const changed = Object.entries(a.fields).filter(([k, v]) => JSON.stringify(base[k]) !== JSON.stringify(v));
  return changed.length ? Object.fromEntries(changed) : undefined;
}

function planRows(plan: ContactPlan[]): Record<string, unknown>[] {
  return plan.flatMap((c) =>
    c.attempts.map((a) => ({
      contact: a.attempt === 1 ? String(c.contactIndex + 1) : '',
      attempt: a.attempt,
      toNumber: a.toNumber,
      fromNumber: a.fromNumber,
      via: `${a.toSource} / ${a.fromSource}`,
      overrides: Object.entries(attemptOverrides(c, a) ?? {})
        .map(([k, v]) => `${k}=${JSON.stringify(v) ?? 'null'}`)
        .join(', '),
    })),
  );
}

const PLAN_COLUMNS = [
  { key: 'contact', header: 'Contact' },
  { key: 'attempt', header: 'Attempt' },
  { key: 'toNumber', header: 'Dials' },
  { key: 'fromNumber', header: 'Caller ID' },
  // On a narrow terminal FROM (where each number came from) gives way first; the JSON plan always has it.
  { key: 'via', header: 'From', drop: 1 },
];
/** Shown only when some attempt of the plan has overrides; cut to the terminal's width. */
const OVERRIDES_COLUMN = { key: 'overrides', header: 'Overrides', fill: 16 };

/** The plan as JSON: per contact, each attempt's number and caller ID (and overrides, when an entry has some). */
export function planJson(plan: ContactPlan[]) {
  return plan.map((c) => ({
    contactIndex: c.contactIndex,
    phone_number: c.phone_number,
    attempts: c.attempts.map((a) => {
      const overrides = attemptOverrides(c, a);
      return {
        attempt: a.attempt,
        toNumber: a.toNumber,
        fromNumber: a.fromNumber,
        toSource: a.toSource,
        fromSource: a.fromSource,
        ...(overrides ? { overrides } : {}),
      };
    }),
  }));
}

async function printSummary(
  f: Factory,
  body: CampaignCreate,
  plan: ContactPlan[],
  stream: Writable,
  title: string,
): Promise<void> {
  // Names, descriptions and fields come from files: shown safe for the terminal (src/io/safe.ts).
  const rows = summaryLines(body).map(([k, v]) => [k, terminalSafe(String(v))] as const);
  const width = Math.max(...rows.map(([k]) => k.length));
  await write(stream, `${title}\n${rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n')}\n\n`);
  const attempts = planRows(plan);
  const columns = attempts.some((r) => r.overrides !== '') ? [...PLAN_COLUMNS, OVERRIDES_COLUMN] : PLAN_COLUMNS;
  await printList({ ...f.io, out: stream }, { format: 'table', quiet: false }, attempts, { columns });
  if (plan.length < body.contacts.length)
    await write(stream, `(plan of the first ${plan.length} of ${body.contacts.length} contacts)\n`);
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

async function createRun(f: Factory, opts: CreateOptions): Promise<void> {
  const checks = await numberChecks(opts);
  const base = opts.file ? await readBodyFile(opts.file, opts.encoding) : {};
  // Contacts written in the --file body pass the rules of --contacts ones (numbers, duplicates).
  if (opts.file && opts.contacts === undefined && Array.isArray(base.contacts))
    base.contacts = checkJsonContacts(base.contacts, {
      dedupe: opts.dedupe,
      checkNumber: checks.contact,
      warn: f.warn,
      label: `--file ${opts.file}`,
      where: (i) => `contacts[${i}]`,
    });
  const flags: CampaignFlags = opts;
  const { body: raw, fromFlags } = applyFlags(base, flags);
  const load = contactsLoader(f, opts);
  if (opts.contacts !== undefined) {
    raw.contacts = await load(opts.contacts);
    fromFlags.add('contacts');
    // Before the prompts for other missing values: no answer to them could make this campaign valid.
    if ((raw.contacts as unknown[]).length === 0)
      throw new UsageError(`--contacts: ${emptyContacts(opts.contacts)}`, { hints: ['Nothing was sent.'] });
  }
  const missing = missingRequired(raw);
  if (missing.length > 0) {
    if (!f.io.canPrompt()) {
      throw new UsageError(`missing required ${missing.length === 1 ? 'flag' : 'flags'}: ${missing.join(', ')}`, {
        hints: [
          'Without a terminal voicectl never prompts: pass them as flags, or in the body given with --file campaign.json. Nothing was sent.',
        ],
      });
    }
    await askMissing(f, raw, load);
    for (const k of ['name', 'agentId', 'fromNumber', 'contacts']) fromFlags.add(k);
  }
  const { body, request, warnings } = validateBody(raw, {
    fromFlags,
    file: opts.file,
    now: f.now(),
    windowFlag: opts.window !== undefined,
    checkCallerId: checks.callerId,
  });
  for (const w of warnings) f.warn(`warning: ${w}`);
  // --if-absent (./if-absent.ts): after every local check, before anything is created.
  const start = body.startImmediately === true;
  const absent = opts.ifAbsent ? await import('./if-absent.js') : undefined;
  const decision = absent ? await absent.decide(f, body, start) : undefined;

  const out = f.output();
  if (opts.dryRun) {
    const plan = planCampaign(body, opts.planRows);
    if (out.format === 'table' && !out.quiet) {
      const title =
        absent && decision
          ? `Dry run: nothing was created or started (--if-absent only read the campaign list).\n${capitalize(absent.describe(decision, body.name, start, true))}. This run's campaign:`
          : 'Dry run: nothing was sent. The campaign would be:';
      await printSummary(f, body, plan, f.io.out, title);
    } else {
      const ifAbsent = absent && decision ? { ifAbsent: absent.decisionJson(decision) } : {};
      const json = JSON.stringify({ body: request, plan: planJson(plan), ...ifAbsent }, null, 2);
      await write(f.io.out, `${f.io.stdoutIsTTY ? jsonForTerminal(json) : json}\n`);
    }
    return;
  }
  if (absent && decision) {
    if (decision.action !== 'create') return absent.useExisting(f, decision, body.name, { start, yes: opts.yes });
    f.warn(absent.describe(decision, body.name, start, false));
  }
  if (f.io.canPrompt() && !opts.yes) {
    await printSummary(f, body, planCampaign(body, opts.planRows ?? 3), f.io.err, 'About to create this campaign:');
    const p = await f.prompter();
    // It spends money and may call people at once: Enter alone must not do that, so the default is no.
    const go = await p.confirm(body.startImmediately ? 'Create it and start calling now?' : 'Create it?', false);
    if (!go) throw new DeclinedError('Nothing was sent.');
  }
  const client = await f.client();
  const res = await client.json({ method: 'POST', path: '/v1/campaigns', body: request }, envelope(Campaign));
  const c = res.body.data;
  await printRecord(f.io, out, c, CAMPAIGN_FIELDS);
  if (out.format === 'table' && !out.quiet && c.status !== 'RUNNING' && !body.startImmediately && !body.scheduledAt) {
    f.warn(`Start it with: voicectl campaigns start ${c.id}`);
  }
}

export function makeCreateCommand(f: Factory, run = createRun): Command {
  const collect = (v: string, prev: string[] | undefined) => [...(prev ?? []), v];
  const cmd = new Command('create')
    .description(
      'Create a call campaign (reference 4.4). Everything is checked before anything is sent; --dry-run prints the attempt plan: which number each attempt dials, with which caller ID.\n\nOn a terminal, missing required values are asked for and a summary is confirmed (--yes skips the confirmation); without one, missing flags are an error (exit 2).',
    )
    .option('--name <name>', 'campaign name (required)')
    .option('--agent <id>', 'AI agent ID (required)')
    .option('--from <e164>', "main caller ID, E.164, one of your organization's numbers (required)")
    .option(
      '--contacts <file|->',
      'contacts: CSV (converted as `contacts convert` does), JSON array or NDJSON; - reads stdin (required)',
    )
    .option('--file <campaign.json>', 'a whole create body in JSON; flags override its fields')
    .option('--description <text>', 'free description')
    .option('--from-attempts <n1,n2,...>', 'caller ID per attempt, E.164, comma-separated')
    .option('--from-strategy <s>', 'when attempts outnumber --from-attempts: rolling | clamp | custom')
    .option('--contact-strategy <s>', "when attempts outnumber a contact's alternatives: rolling | clamp | custom")
    .option('--map <var=field>', 'agent prompt variable = contact field (repeatable)', collect)
    .option('--max-retries <n>', 'retries per contact, 0 to 5 (default 0)')
    .option('--retry-delay <minutes>', 'minutes between attempts, at least 5 with retries (default 30)')
    .option('--days <days>', 'calling days: mon-fri, 1-5, 0,6, mon,wed,fri (0 = Sunday)')
    .option('--window <HH:MM-HH:MM>', 'calling window, e.g. 09:00-18:00 (or --start-time/--end-time)')
    .option('--start-time <HH:MM>', 'calling window start')
    .option('--end-time <HH:MM>', 'calling window end')
    .option('--timezone <iana>', 'time zone of days and window (default Europe/Rome)')
    .option('--max-concurrency <n>', 'most simultaneous calls')
    .option('--keep-free-for-inbound <n>', 'lines kept free for inbound calls (default 0)')
    .option(
      '--scheduled-at <iso8601>',
      'start automatically at this time, e.g. 2026-03-02T09:00:00+01:00 (campaign is SCHEDULED)',
    )
    .option('--start', 'start calling at once (startImmediately); not with --scheduled-at')
    .option(
      '--if-absent',
      'create it only if no campaign has this name; else print that one (exit 0), or exit 9 if its contact count or caller ID differ. With --start, one never started is started',
    )
    .option('--dry-run', 'send nothing: print the body summary and the attempt plan ({body, plan} as JSON when piped)')
    .option('--plan-rows <n>', 'with --dry-run, plan only the first N contacts')
    .option('-y, --yes', 'do not ask for confirmation on a terminal')
    .option(
      '--skip-invalid',
      'with a CSV --contacts: leave invalid rows out of the campaign instead of stopping (their count goes to stderr)',
    )
    .option(
      '--rejects <file.csv>',
      'with --skip-invalid: write the rows left out to this file (not -), with their row number and reasons (as `contacts convert` does)',
    )
    .option('--force', 'replace an existing --rejects file');
  addCsvOptions(cmd);
  cmd.action(async (raw: Record<string, unknown>) => {
    await run(f, parseOptions(CreateOptions, raw));
  });
  return examples(cmd, [
    'voicectl campaigns create --name Nightly --agent agent_sales --from +390212345678 --contacts leads.csv --default-country IT --dry-run',
    'voicectl campaigns create --file campaign.json --max-retries 2 --from-attempts +390298765432,+393401234567 --from-strategy clamp --dry-run --plan-rows 5',
    'voicectl campaigns create --name Nightly --agent agent_sales --from +390212345678 --contacts leads.json --days mon-fri --window 09:00-18:00 --map customer=first_name --yes',
    'voicectl contacts convert leads.csv | voicectl campaigns create --name Night --agent agent_sales --from +390212345678 --contacts - --start',
    "voicectl campaigns create ... --dry-run --json | jq '.plan[0].attempts'",
  ]);
}
