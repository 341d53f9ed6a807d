// campaigns create: POST /v1/campaigns (reference 4.4). The flags that set body fields come from one table
// (src/campaigns/flags.ts); the others say where contacts come from and how the command behaves.
import { Command } from 'commander';
import * as z from 'zod/mini';
import { emptyContacts, missingRequired, validateBody } from '../../campaigns/body.js';
import { applyFlags, BODY_FLAGS, type BodyFlag, isSwitch, optionKey } from '../../campaigns/flags.js';
import { planCampaign } from '../../campaigns/plan.js';
import { readBodyFile } from '../../campaigns/file.js';
import { addCsvOptions, type ContactsCsvOptions, ContactsCsvShape, RejectsShape } from '../../contacts/flags.js';
import { checkJsonContacts, loadContacts, numberChecks } from '../../contacts/load.js';
import { CliError, DeclinedError, InterruptedError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { shellWord } from '../../io/shell.js';
import { STRATEGIES } from '../../facts.js';
import { plural } from '../../io/format.js';
import { printRecord } from '../../io/output.js';
import { jsonForTerminal } from '../../io/safe.js';
import { write } from '../../io/streams.js';
import { parseOptions } from '../../options.js';
import { Campaign, TimeZoneFlag } from '../../schemas/campaigns.js';
import { choice, decimal, envelope, E164_PATTERN } from '../../schemas/common.js';
import { examples } from '../help.js';
import { CAMPAIGN_FIELDS } from './shared.js';
import { planJson, printSummary } from './summary.js';

/** The rule of a body flag's value as commander hands it over; the body's schema checks what it becomes. */
function flagRule(entry: BodyFlag): z.ZodMiniType {
  if (entry.check === 'strategy') return z.optional(choice(STRATEGIES)); // any case, sent as the API spells it
  if (entry.check === 'timezone') return z.optional(TimeZoneFlag);
  if (isSwitch(entry)) return z.optional(z.boolean());
  return entry.repeatable ? z.optional(z.array(z.string())) : z.optional(z.string());
}

/** The body flags' values as the command reads them (also the property tests' way in: test/reliability/campaign-flags.ts). */
export const BodyFlagOptions = z.object(Object.fromEntries(BODY_FLAGS.map((e) => [optionKey(e), flagRule(e)])));

const CreateOptions = z
  .object({
    ...BodyFlagOptions.shape,
    // Two flags of the table the command reads itself (contacts are loaded from a file; --window names its errors),
    // named again so that their type is known here.
    contacts: z.optional(z.string()),
    window: z.optional(z.string()),
    ifAbsent: z._default(z.boolean(), false),
    file: z.optional(z.string()),
    dryRun: z._default(z.boolean(), false),
    planRows: z.optional(decimal(z.int({ error: 'must be a whole number' }).check(z.minimum(1, 'must be 1 or more')))),
    yes: z._default(z.boolean(), false),
    ...RejectsShape,
    ...ContactsCsvShape,
  })
  .check(
    z.refine((o) => !o.rejects || o.skipInvalid, {
      path: ['rejects'],
      message: 'needs --skip-invalid (without it, a file with errors stops the command)',
    }),
    z.refine((o) => !o.skipInvalid || o.contacts !== undefined, {
      path: ['skipInvalid'],
      message: 'applies to CSV contacts: use it with --contacts file.csv',
    }),
  );
type CreateOptions = z.infer<typeof CreateOptions>;

function contactsLoader(f: Factory, opts: CreateOptions) {
  const csv = Object.fromEntries(
    Object.keys(ContactsCsvShape).map((k) => [k, opts[k as keyof typeof ContactsCsvShape]]),
  ) as ContactsCsvOptions;
  const once = async (source: string, o: ContactsCsvOptions) => {
    if (!opts.skipInvalid)
      return loadContacts(source, {
        ...o,
        stdin: f.io.in,
        trackTemp: f.cleanup.trackTemp,
        signal: f.signal,
        warn: f.warn,
        quiet: f.output().quiet,
      });
    const { checkRejectsFile, loadCsvSkippingInvalid } = await import('./contacts.js');
    const { checkNotInput } = await import('../../contacts/output.js');
    await checkNotInput('--rejects', opts.rejects, source, 'nothing was sent');
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

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Ctrl-C, SIGTERM or SIGHUP before anything that creates or starts a campaign was sent (reading a big --contacts,
 * a prompt, --if-absent's look at the list) says so, as the confirmation's interrupt does: "interrupted: nothing
 * was sent". After that, the client's own interrupt says the outcome is unknown and which list to check.
 */
async function createRun(f: Factory, opts: CreateOptions): Promise<void> {
  const stage = { sending: false };
  try {
    await createSteps(f, opts, stage);
  } catch (err) {
    if (stage.sending || !f.signal.aborted) throw err;
    // A message of its own (the prompt's "nothing was sent", a declined confirmation) is kept.
    if (err instanceof CliError && !(err instanceof InterruptedError && err.message === 'interrupted')) throw err;
    throw new InterruptedError('nothing was sent', { hints: err instanceof CliError ? err.hints : [] });
  }
}

async function createSteps(f: Factory, opts: CreateOptions, stage: { sending: boolean }): Promise<void> {
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
  const { body: raw, fromFlags } = applyFlags(base, opts as Record<string, unknown>);
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
      throw new UsageError(
        `missing required ${plural(missing.length, 'flag', { count: 'none' })}: ${missing.join(', ')}`,
        {
          hints: [
            'Without a terminal voicectl never prompts: pass them as flags, or in the body given with --file campaign.json. Nothing was sent.',
          ],
        },
      );
    }
    await askMissing(f, raw, load);
    for (const k of ['name', 'agentId', 'fromNumber', 'contacts']) fromFlags.add(k);
  }
  const { body, request, warnings } = validateBody(raw, {
    fromFlags,
    file: opts.file,
    now: f.clock.now(),
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
          ? `Dry run: nothing was created or started (--if-absent only read the campaign list).\n${capitalize(absent.describe(f, decision, body.name, start, true))}. This run's campaign:`
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
    if (decision.action !== 'create') {
      stage.sending = true; // it may start the campaign it found
      return absent.useExisting(f, decision, body.name, { start, yes: opts.yes });
    }
    f.warn(absent.describe(f, decision, body.name, start, false));
  }
  if (f.io.canPrompt() && !opts.yes) {
    await printSummary(f, body, planCampaign(body, opts.planRows ?? 3), f.io.err, 'About to create this campaign:');
    const p = await f.prompter();
    // It spends money and may call people at once: Enter alone must not do that, so the default is no.
    const go = await p.confirm(body.startImmediately ? 'Create it and start calling now?' : 'Create it?', false);
    if (!go) throw new DeclinedError('Nothing was sent.');
  }
  const client = await f.client();
  stage.sending = true;
  const res = await client.json({ method: 'POST', path: '/v1/campaigns', body: request }, envelope(Campaign));
  const c = res.body.data;
  await printRecord(f.io, out, c, CAMPAIGN_FIELDS);
  if (out.format === 'table' && !out.quiet && c.status !== 'RUNNING' && !body.startImmediately && !body.scheduledAt) {
    f.warn(`Start it with: ${f.commandLine.invocation()} campaigns start ${shellWord(c.id)}`);
  }
}

export function makeCreateCommand(f: Factory, run = createRun): Command {
  const collect = (v: string, prev: string[] | undefined) => [...(prev ?? []), v];
  const cmd = new Command('create').description(
    'Create a call campaign (reference 4.4). Everything is checked before anything is sent; --dry-run prints the attempt plan: which number each attempt dials, with which caller ID.\n\nOn a terminal, missing required values are asked for and a summary is confirmed (--yes skips the confirmation); without one, missing flags are an error (exit 2).',
  );
  for (const e of BODY_FLAGS) {
    if (e.repeatable) cmd.option(e.flag, e.help, collect);
    else cmd.option(e.flag, e.help);
    // The other way to give the required fields, listed right after them.
    if (e.field === 'contacts')
      cmd.option('--file <campaign.json>', 'a whole create body in JSON; flags override its fields');
  }
  cmd
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
    'voicectl contacts convert leads.csv --default-country IT | voicectl campaigns create --name Night --agent agent_sales --from +390212345678 --contacts - --start',
    "voicectl campaigns create ... --dry-run --json | jq '.plan[0].attempts'",
  ]);
}
