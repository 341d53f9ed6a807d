// contacts convert: what it runs (the declaration is convert.ts).
import { type CsvSummary, convertCsv } from '../../contacts/csv.js';
import { checkRowErrors, checkUtf8, conversionNotes, loadContacts, noContactsError } from '../../contacts/load.js';
import { checkDestination, checkNotInput, ContactWriter, rejectsSink, StagedFile } from '../../contacts/output.js';
import { summaryJson } from '../../contacts/report.js';
import { type Chunks, openContactsSource } from '../../contacts/source.js';
import { withAnswers } from '../../contacts/walkthrough.js';
import { InterruptedError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { plural } from '../../io/format.js';
import { printJqText } from '../../io/output.js';
import { jsonForTerminal, terminalSafe } from '../../io/safe.js';
import type { Contact } from '../../schemas/contacts.js';
import { type AgentContext, folderOf, type Rec } from '../agent.js';
import type { ConvertInput, ConvertOptions } from './convert.js';

/** Contacts shown before writing, when answers were given at prompts. */
const PREVIEW_ROWS = 3;

/** An output file may be written: its folder exists, it is not a folder, and it is new unless --force. */
export async function run(f: Factory, opts: ConvertOptions): Promise<void> {
  // `-` with nothing piped would wait for a CSV typed by hand, without a word: say how it is meant, as tts create does.
  if (opts.file === '-' && f.io.stdinIsTTY)
    throw new UsageError(
      '<file> -: stdin is a terminal; pipe the CSV in (cat leads.csv | voicectl contacts convert -) or name the file',
      {
        hints: ['voicectl contacts convert leads.csv --default-country IT'],
      },
    );
  if (opts.file === '-' || !f.io.canPrompt()) return convertOnce(f, opts);
  // On a terminal, a file that lacks its phone column or country asks for them, and shows what it will write.
  await withAnswers(f, opts, (o, asked) => convertOnce(f, o, asked));
}

async function convertOnce(f: Factory, opts: ConvertOptions, preview = false): Promise<void> {
  const g = f.globals();
  if (g.output === 'csv' || g.output === 'table')
    throw new UsageError(`--output ${g.output}: contacts convert writes json (default) or ndjson`);
  if (g.jq !== undefined && opts.out !== undefined)
    throw new UsageError('--jq filters the contacts printed, and with --out they go to the file: give one of them');
  // The same opener as campaigns create and voicectl mcp: a file is opened again for the second pass, stdin is
  // copied as the first pass reads it (contacts/source.ts).
  const src = await openContactsSource(opts.file, { stdin: f.io.in, signal: f.signal });
  // Neither output may be the input: with --force it would be replaced by what was read from it.
  const checkOutputs = async () => {
    await checkNotInput('--out', opts.out, opts.file);
    await checkNotInput('--rejects', opts.rejects, opts.file);
    await checkDestination('--out', opts.out, opts.force);
    await checkDestination('--rejects', opts.rejects, opts.force);
  };
  await checkOutputs();
  const staged: StagedFile[] = [];
  const discardAll = async () => void (await Promise.all(staged.map((s) => s.discard())));
  f.cleanup.add(discardAll);
  try {
    const out = await StagedFile.create(opts.out, f.cleanup.trackTemp);
    staged.push(out);
    const rejects = opts.rejects ? await StagedFile.create(opts.rejects, f.cleanup.trackTemp) : undefined;
    if (rejects) staged.push(rejects);
    const { summary, first } = await convert(f, opts, src.label, src.csv(), out, rejects);
    // Checked again: a file (or a link to the input) may have appeared while the input was read.
    await checkOutputs();
    if (preview && opts.out) await confirmPreview(f, opts.out, first, summary.contacts);
    // --jq sees the JSON array --json prints, and prints what the program makes of it instead.
    if (g.jq !== undefined) await printJqText(f.io, f.output(), await out.text());
    else await out.commit(f.io.out);
    if (rejects) await rejects.commit();
    report(f, opts, src.label, summary);
  } finally {
    await discardAll();
  }
}

/** The CSV converted into the staged files; row errors (without --skip-invalid) and no contact at all stop it. */
async function convert(
  f: Factory,
  opts: ConvertOptions,
  label: string,
  input: Chunks | (() => Chunks),
  out: StagedFile,
  rejects: StagedFile | undefined,
) {
  const g = f.globals();
  const writer = new ContactWriter(out, f.output().format === 'ndjson', !opts.out && f.io.stdoutIsTTY);
  const first: unknown[] = [];
  const sink = rejects
    ? rejectsSink(rejects, { raw: g.csvRaw, excel: g.excel ? f.output().csv : undefined })
    : undefined;
  const summary = await convertCsv(
    input,
    { ...opts, label, signal: f.signal, trackTemp: f.cleanup.trackTemp },
    {
      header: sink?.header,
      contact: (c) => {
        if (first.length < PREVIEW_ROWS) first.push(c);
        return writer.write(c);
      },
      reject: sink?.reject,
    },
  );
  const { errors } = summary;
  // Before the row errors: bytes read in the wrong encoding may be what made those rows fail.
  checkUtf8(label, summary, opts.encoding, g.quiet ? undefined : f.log.warn);
  checkRowErrors(label, summary, opts, 'Nothing was written');
  if (summary.contacts === 0) throw noContactsError(label, errors, 'nothing was written');
  writer.end();
  return { summary, first };
}

/** Answers were given at prompts: show what they give before the file appears. */
async function confirmPreview(f: Factory, out: string, first: unknown[], total: number): Promise<void> {
  f.log.warn(`The first ${plural(first.length, 'contact')} of ${plural(total, 'contact')}:`);
  for (const c of first) f.log.warn(`  ${terminalSafe(JSON.stringify(c))}`);
  const p = await f.prompter();
  if (!(await p.confirm(`Write them to ${out}?`, true)))
    throw new InterruptedError('cancelled at the confirmation; nothing was written');
}

/** What was decided and skipped, on stderr: text notes, or one JSON object with --json. */
function report(f: Factory, opts: ConvertOptions, label: string, summary: CsvSummary): void {
  const g = f.globals();
  if (g.quiet) return;
  // --json: what the text notes say, as one JSON object on stderr (stdout carries the contacts).
  if (g.json) {
    const json = JSON.stringify({ summary: summaryJson(summary) });
    // output: JSON, made safe on a terminal (jsonForTerminal).
    return void f.io.err.write(`${f.io.stderrIsTTY ? jsonForTerminal(json) : json}\n`);
  }
  conversionNotes(summary, f.log.warn);
  const { errors } = summary;
  if (summary.duplicates) {
    const d = summary.firstDuplicate!;
    f.log.warn(
      `note: --dedupe dropped ${plural(summary.duplicates, 'row')} repeating an earlier main number (first: row ${d.row}, ${d.e164}, as row ${d.of})`,
    );
  }
  if (errors.count) {
    f.log.warn(
      `warning: skipped ${plural(errors.rows, 'invalid row')}${opts.rejects ? `, written with their reasons to ${opts.rejects}` : ':'}`,
    );
    if (!opts.rejects) for (const line of errors.lines()) f.log.warn(`  ${line}`);
  }
  f.log.warn(
    `${plural(summary.contacts, 'contact')} from ${plural(summary.rows, 'row')} of ${label}${opts.out ? ` written to ${opts.out}` : ''}.`,
  );
}

/** For an agent: a CSV of the server's folder to a new JSON file beside it, with the report of what was read. */
export async function act(ctx: AgentContext, input: ConvertInput) {
  const folder = folderOf(ctx, 'file');
  let report: Rec = {};
  const { path: source, handle } = await folder.openRead(input.file, 'file');
  let contacts: Contact[];
  try {
    contacts = await loadContacts(source, {
      phoneColumn: input.phoneColumn,
      defaultCountry: input.defaultCountry,
      handle,
      stdin: ctx.f.io.in,
      trackTemp: ctx.f.cleanup.trackTemp,
      signal: ctx.f.signal,
      warn: ctx.f.log.warn,
      skipInvalid: input.skipInvalid,
      onSummary: ({ rows, contacts: n, errors, duplicates, columns, countries }) => {
        report = {
          rows,
          contacts: n,
          invalidRows: errors.rows,
          errors: errors.lines(),
          droppedDuplicates: duplicates,
          // What each phone column's evidence decided: numbers read by its convention, retired prefixes.
          readings: columns,
          // The columns that gave each row's country, when some did.
          ...(countries ? { countries } : {}),
        };
      },
    });
  } finally {
    await handle.close();
  }
  const parts: string[] = [];
  const writer = new ContactWriter({ push: (t: string) => void parts.push(t) }, false);
  for (const c of contacts) writer.write(c);
  writer.end();
  const out = await folder.create(
    input.output ?? `${input.file.replace(/\.(csv|tsv|txt)$/i, '')}.contacts.json`,
    'output',
    0o600,
  );
  try {
    await out.handle.writeFile(parts.join(''));
    await out.commit();
  } finally {
    await out.discard();
  }
  return { output: out.path, ...report, contacts: contacts.length };
}
