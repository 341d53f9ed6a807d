// campaigns create: what it runs (the declaration is create.ts).
import { emptyContacts, missingRequired, validateBody } from '../../campaigns/body.js';
import { applyFlags } from '../../campaigns/flags.js';
import { planCampaign } from '../../campaigns/plan.js';
import { readBodyFile } from '../../campaigns/file.js';
import { type ContactsCsvOptions, ContactsCsvShape } from '../../contacts/flags.js';
import { checkNotInput } from '../../contacts/output.js';
import { withAnswers } from '../../contacts/walkthrough.js';
import { checkJsonContacts, loadContacts, numberChecks } from '../../contacts/load.js';
import { CliError, DeclinedError, InterruptedError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { shellWord } from '../../io/shell.js';
import { plural } from '../../io/format.js';
import { printJson, printRecord } from '../../io/output.js';
import { Campaign } from '../../schemas/campaigns.js';
import { E164_PATTERN, envelope } from '../../schemas/common.js';
import { checkRejectsFile, loadCsvSkippingInvalid } from './contacts.js';
import type { CreateOptions } from './create.js';
import * as ifAbsent from './if-absent.js';
import { CAMPAIGN_FIELDS, followHint } from './shared.js';
import { planJson, printSummary } from './summary.js';

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
    await checkNotInput('--rejects', opts.rejects, source, 'nothing was sent');
    await checkRejectsFile(opts.rejects, opts.force);
    return loadCsvSkippingInvalid(f, source, { ...o, rejects: opts.rejects, force: opts.force });
  };
  // On a terminal, a file that lacks its phone column or country asks for them (stdin cannot be read twice).
  return async (source: string) => {
    if (source === '-') return once(source, csv);
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

async function createSteps(f: Factory, opts: CreateOptions, stage: { sending: boolean }): Promise<void> {
  const checks = await numberChecks(opts);
  const file = opts.file ? await readBodyFile(opts.file, opts.encoding) : undefined;
  const base: Record<string, unknown> = file?.body ?? {};
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
    raw.contacts = await load(opts.contacts).catch((err: unknown) => {
      throw alsoMissing(err, raw, f);
    });
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
    at: file?.at,
    now: f.clock.now(),
    windowFlag: opts.window !== undefined,
    checkCallerId: checks.callerId,
  });
  for (const w of warnings) f.warn(`warning: ${w}`);
  // --if-absent (./if-absent.ts): after every local check, before anything is created.
  const start = body.startImmediately === true;
  const absent = opts.ifAbsent ? ifAbsent : undefined;
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
      await printJson(
        f.io,
        { ...out, redact: undefined },
        { body: request, plan: planJson(plan), ...ifAbsent },
        { indent: true },
      );
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
  if (out.format !== 'table' || out.quiet) return;
  const id = shellWord(c.id);
  if (c.status !== 'RUNNING' && !body.startImmediately && !body.scheduledAt)
    f.warn(`Start it with: ${f.commandLine.invocation()} campaigns start ${id}`);
  // Started (or scheduled to): what `campaigns start` says after a start, so the next step is never a guess.
  else f.warn(followHint(f.commandLine.invocation(), id));
}
