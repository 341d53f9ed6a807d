// campaigns create: what it runs (the declaration is create.ts).
import { emptyContacts, missingRequired, type Validated, validateBody } from '../../../campaigns/body.js';
import { applyFlags } from '../../../campaigns/flags.js';
import { planCampaign } from '../../../campaigns/plan.js';
import { readBodyFile } from '../../../campaigns/file.js';
import type { ContactsCsvOptions } from '../../../contacts/flags.js';
import { readingProgress } from '../../../contacts/progress.js';
import { withAnswers } from '../../../contacts/walkthrough.js';
import { checkJsonContacts, type NumberCheck, numberChecks } from '../../../contacts/load.js';
import { CliError, DeclinedError, InterruptedError, UsageError } from '../../../errors.js';
import type { Factory } from '../../../factory.js';
import { shellWord } from '../../../io/shell.js';
import { plural } from '../../../io/format.js';
import { printJson, printRecord } from '../../../io/output.js';
import type { Prompter } from '../../../io/prompter.js';
import type { CampaignCreate } from '../../../schemas/campaigns.js';
import type { CreateOptions } from './command.js';
import * as ifAbsent from './if-absent.js';
import { contactsOf, createCampaign, csvOptionsOf } from './work.js';
import { CAMPAIGN_FIELDS, followHint } from '../shared.js';
import { planJson, printSummary } from '../summary.js';

/** The CSV flags a walk-through on a terminal answered (its phone column, its country), as flags and values. */
function answeredCsvFlags(given: ContactsCsvOptions, used: ContactsCsvOptions): Record<string, string> {
  const out: Record<string, string> = {};
  if (used.phoneColumn && used.phoneColumn !== given.phoneColumn) out['--phone-column'] = used.phoneColumn.join(',');
  if (used.defaultCountry && used.defaultCountry !== given.defaultCountry)
    out['--default-country'] = used.defaultCountry;
  return out;
}

interface ContactsLoader {
  load(source: string): Promise<unknown[]>;
  /** What the walk-through asked for the contacts loaded (`--phone-column X`, `--default-country IT`). */
  answers: Record<string, string>;
}

function contactsLoader(f: Factory, opts: CreateOptions): ContactsLoader {
  const csv = csvOptionsOf(opts);
  // On a terminal, a spinner counts the rows of a CSV read for long (contacts/progress.ts).
  const once = (source: string, o: ContactsCsvOptions) =>
    contactsOf(f, source, opts, { ...o, progress: readingProgress(f, source === '-' ? 'stdin' : source) });
  const loader: ContactsLoader = {
    answers: {},
    // On a terminal, a file that lacks its phone column or country asks for them (stdin cannot be read twice).
    async load(source) {
      if (source === '-') return once(source, csv);
      return withAnswers(f, csv, async (o) => {
        const contacts = await once(source, o);
        loader.answers = answeredCsvFlags(csv, o);
        return contacts;
      });
    },
  };
  return loader;
}

const nonEmpty = (v: string) => (v.trim() !== '' ? true : 'required');

/** Asks for a contacts file until one loads with contacts; its errors are shown as the flag's would be. */
async function askContacts(f: Factory, p: Prompter, load: ContactsLoader['load']): Promise<[string, unknown[]]> {
  for (;;) {
    const source = (await p.input('Contacts file (CSV, JSON or NDJSON):', { validate: nonEmpty })).trim();
    try {
      const contacts = await load(source);
      if (contacts.length > 0) return [source, contacts];
      f.log.warn(`error: ${emptyContacts(source)}`);
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      f.log.warn(`error: ${err.message}`);
      for (const h of err.hints.slice(0, 5)) f.log.warn(`  ${h}`);
    }
  }
}

/**
 * Asks for the required fields the flags and --file left out (only on a terminal), each checked by the rule of its
 * flag: the caller ID by the validator of --from, with its "did you mean". Returns the answers as their flags.
 */
async function askMissing(
  f: Factory,
  raw: Record<string, unknown>,
  loader: ContactsLoader,
  checkCallerId: NumberCheck,
): Promise<Record<string, string>> {
  const p = await f.prompter();
  const answers: Record<string, string> = {};
  const missing = (k: string) => raw[k] === undefined || raw[k] === '';
  if (missing('name')) raw.name = answers['--name'] = (await p.input('Campaign name:', { validate: nonEmpty })).trim();
  if (missing('agentId'))
    raw.agentId = answers['--agent'] = (await p.input('AI agent ID:', { validate: nonEmpty })).trim();
  if (missing('fromNumber')) {
    const typed = await p.input('Caller ID (E.164, e.g. +390212345678):', {
      validate: (v) => {
        const r = checkCallerId(v);
        return r.ok ? true : r.reason;
      },
    });
    const r = checkCallerId(typed);
    raw.fromNumber = answers['--from'] = r.ok ? r.e164 : typed.trim();
  }
  if (raw.contacts === undefined) [answers['--contacts'], raw.contacts] = await askContacts(f, p, loader.load);
  return answers;
}

/**
 * After questions on a terminal, the command that runs this campaign without them: the command line as typed, each
 * answer as its flag, shell-quoted (a dry run's command is the real run). Nothing secret is in it: the key is never
 * a flag, and the notes redact what they know.
 */
function printEquivalent(f: Factory, opts: CreateOptions, answers: Record<string, string>): void {
  if (Object.keys(answers).length === 0) return;
  const replace: Record<string, string | null> = { ...answers };
  if (opts.dryRun) replace['--plan-rows'] = null;
  const command = f.commandLine.withFlags(replace, opts.dryRun ? ['--dry-run'] : []);
  f.log.warn(`${opts.dryRun ? 'To create it' : 'Next time'}, without the questions:\n  ${command}`);
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Contacts that cannot be read, and required flags missing too (without a terminal, which would ask for them): one
 * report, not one run for each.
 */
function alsoMissing(err: unknown, raw: Record<string, unknown>, f: Factory): unknown {
  if (!(err instanceof UsageError) || f.io.canPrompt()) return err;
  const missing = missingRequired({ ...raw, contacts: [{}] });
  if (missing.length > 0)
    err.hints.unshift(
      `Also missing: ${missing.join(', ')} (required ${plural(missing.length, 'flag', { count: 'none' })}).`,
    );
  return err;
}

/**
 * Ctrl-C, SIGTERM or SIGHUP before anything that creates or starts a campaign was sent (reading a big --contacts,
 * a prompt, --if-absent's look at the list) says so, as the confirmation's interrupt does: "interrupted: nothing
 * was sent". After that, the client's own interrupt says the outcome is unknown and which list to check.
 */
export async function run(f: Factory, opts: CreateOptions): Promise<void> {
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

/** The body as the flags, --file and --contacts give it, before any question; and which fields flags set. */
async function bodyFromInput(
  f: Factory,
  opts: CreateOptions,
  checks: { contact: NumberCheck },
  loader: ContactsLoader,
) {
  const file = opts.file ? await readBodyFile(opts.file, opts.encoding) : undefined;
  const base: Record<string, unknown> = file?.body ?? {};
  // Contacts written in the --file body pass the rules of --contacts ones (numbers, duplicates).
  if (opts.file && opts.contacts === undefined && Array.isArray(base.contacts))
    base.contacts = checkJsonContacts(base.contacts, {
      dedupe: opts.dedupe,
      checkNumber: checks.contact,
      warn: f.log.warn,
      label: `--file ${opts.file}`,
      where: (i) => `contacts[${i}]`,
    });
  const { body: raw, fromFlags } = applyFlags(base, opts as Record<string, unknown>);
  if (opts.contacts !== undefined) {
    raw.contacts = await loader.load(opts.contacts).catch((err: unknown) => {
      throw alsoMissing(err, raw, f);
    });
    fromFlags.add('contacts');
    // Before the prompts for other missing values: no answer to them could make this campaign valid.
    if ((raw.contacts as unknown[]).length === 0)
      throw new UsageError(`--contacts: ${emptyContacts(opts.contacts)}`, { hints: ['Nothing was sent.'] });
  }
  return { raw, fromFlags, file };
}

/** The required values still missing: asked for on a terminal (answers returned as flags), an error without one. */
async function completeBody(
  f: Factory,
  raw: Record<string, unknown>,
  loader: ContactsLoader,
  checkCallerId: NumberCheck,
): Promise<Record<string, string>> {
  const missing = missingRequired(raw);
  if (missing.length === 0) return {};
  if (!f.io.canPrompt())
    throw new UsageError(
      `missing required ${plural(missing.length, 'flag', { count: 'none' })}: ${missing.join(', ')}`,
      {
        hints: [
          'Without a terminal voicectl never prompts: pass them as flags, or in the body given with --file campaign.json. Nothing was sent.',
        ],
      },
    );
  return askMissing(f, raw, loader, checkCallerId);
}

/** --dry-run: the summary and plan on a terminal (bounded to its rows), else {body, plan} as JSON. */
async function dryRun(f: Factory, opts: CreateOptions, v: Validated, absent: Absent | undefined): Promise<void> {
  const out = f.output();
  const plan = planCampaign(v.body, opts.planRows);
  if (out.format === 'table' && !out.quiet) {
    const title = absent
      ? `Dry run: nothing was created or started (--if-absent only read the campaign list).\n${capitalize(ifAbsent.describe(f, absent.decision, v.body.name, absent.start, true))}. This run's campaign:`
      : 'Dry run: nothing was sent. The campaign would be:';
    await printSummary(f, v.body, plan, f.io.out, title, screenRows(f, f.io.stdoutIsTTY));
    return;
  }
  const extra = absent ? { ifAbsent: ifAbsent.decisionJson(absent.decision) } : {};
  await printJson(
    f.io,
    { ...out, redact: undefined },
    { body: v.request, plan: planJson(plan), ...extra },
    {
      indent: true,
    },
  );
}

/**
 * The lines a preview may take on a terminal: its rows, less the lines written after it (the note of the command
 * without questions, the confirmation), so that the summary at its top stays on screen. Unbounded when not a
 * terminal.
 */
function screenRows(f: Factory, isTTY: boolean): number | undefined {
  return isTTY && f.io.rows > 0 ? f.io.rows - 4 : undefined;
}

interface Absent {
  decision: ifAbsent.Decision;
  start: boolean;
}

async function createSteps(f: Factory, opts: CreateOptions, stage: { sending: boolean }): Promise<void> {
  const checks = await numberChecks(opts);
  const loader = contactsLoader(f, opts);
  const { raw, fromFlags, file } = await bodyFromInput(f, opts, checks, loader);
  const asked = await completeBody(f, raw, loader, checks.callerId);
  for (const k of Object.keys(asked).length ? ['name', 'agentId', 'fromNumber', 'contacts'] : []) fromFlags.add(k);
  const answers = { ...asked, ...loader.answers };
  const v = validateBody(raw, {
    fromFlags,
    file: opts.file,
    at: file?.at,
    now: f.clock.now(),
    windowFlag: opts.window !== undefined,
    checkCallerId: checks.callerId,
  });
  for (const w of v.warnings) f.log.warn(`warning: ${w}`);
  // --if-absent (./if-absent.ts): after every local check, before anything is created.
  const start = v.body.startImmediately === true;
  const absent = opts.ifAbsent ? { decision: await ifAbsent.decide(f, v.body, start), start } : undefined;
  if (opts.dryRun) {
    await dryRun(f, opts, v, absent);
    return printEquivalent(f, opts, answers);
  }
  printEquivalent(f, opts, answers);
  if (absent) {
    if (absent.decision.action !== 'create') {
      stage.sending = true; // it may start the campaign it found
      return ifAbsent.useExisting(f, absent.decision, v.body.name, { start, yes: opts.yes });
    }
    f.log.warn(ifAbsent.describe(f, absent.decision, v.body.name, start, false));
  }
  if (f.io.canPrompt() && !opts.yes) await confirm(f, opts, v.body);
  stage.sending = true;
  await send(f, v);
}

/** On a terminal, the summary and the first contacts' plan, then "Create it?", whose default is no. */
async function confirm(f: Factory, opts: CreateOptions, body: CampaignCreate): Promise<void> {
  const plan = planCampaign(body, opts.planRows ?? 3);
  await printSummary(f, body, plan, f.io.err, 'About to create this campaign:', screenRows(f, f.io.stderrIsTTY));
  const p = await f.prompter();
  // It spends money and may call people at once: Enter alone must not do that, so the default is no.
  const go = await p.confirm(body.startImmediately ? 'Create it and start calling now?' : 'Create it?', false);
  if (!go) throw new DeclinedError('Nothing was sent.');
}

/** POST /v1/campaigns, the campaign printed, and the next step named. */
async function send(f: Factory, v: Validated): Promise<void> {
  const { campaign: c } = await createCampaign(f, v.request);
  const out = f.output();
  await printRecord(f.io, out, c, CAMPAIGN_FIELDS);
  if (out.format !== 'table' || out.quiet) return;
  const id = shellWord(c.id);
  if (c.status !== 'RUNNING' && !v.body.startImmediately && !v.body.scheduledAt)
    f.log.warn(`Start it with: ${f.commandLine.invocation()} campaigns start ${id}`);
  // Started (or scheduled to): what `campaigns start` says after a start, so the next step is never a guess.
  else f.log.warn(followHint(f.commandLine.invocation(), id));
}
