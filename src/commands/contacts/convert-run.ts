// contacts convert: what it runs (the declaration is convert.ts).
import { type CsvSummary, convertCsv } from '../../contacts/csv.js';
import { checkRowErrors, checkUtf8, conversionNotes, noContactsError } from '../../contacts/load.js';
import { checkDestination, checkNotInput, ContactWriter, rejectsSink, StagedFile } from '../../contacts/output.js';
import { type ReadingProgress, readingProgress } from '../../contacts/progress.js';
import { summaryJson } from '../../contacts/report.js';
import { type Chunks, openContactsSource } from '../../contacts/source.js';
import { withAnswers } from '../../contacts/walkthrough.js';
import { InterruptedError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { plural } from '../../io/format.js';
import { printJqText } from '../../io/output.js';
import { jsonForTerminal, terminalSafe } from '../../io/safe.js';
import { type AgentContext, folderOf } from '../agent.js';
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
    const progress = readingProgress(f, src.label);
    const { summary, first } = await convert(f, opts, src.label, src.csv(), out, rejects, progress);
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

/**
 * The conversion, for the command and its tool: the CSV into `out` (and its invalid rows into `rejects`); row errors
 * (without --skip-invalid, or more than --max-skipped) and no contact at all stop it.
 */
async function convert(
  f: Factory,
  opts: ConvertOptions,
  label: string,
  input: Chunks | (() => Chunks),
  out: Pick<StagedFile, 'push'>,
  rejects?: StagedFile,
  progress?: ReadingProgress,
) {
  const g = f.globals();
  const writer = new ContactWriter(out, f.output().format === 'ndjson', !opts.out && f.io.stdoutIsTTY);
  const first: unknown[] = [];
  const sink = rejects
    ? rejectsSink(rejects, { raw: g.csvRaw, excel: g.excel ? f.output().csv : undefined })
    : undefined;
  const summary = await convertCsv(
    input,
    { ...opts, label, signal: f.signal, trackTemp: f.cleanup.trackTemp, progress },
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

/**
 * For an agent: a CSV of the server's folder to a new JSON file beside it. The same conversion as the command's
 * (`convert`), with the tool's fields as the flags they are and every other flag at its default; what the command
 * prints on stderr (its notes, its --json summary) is the result.
 */
export async function act(ctx: AgentContext, _input: ConvertInput, _sent: unknown, opts: ConvertOptions) {
  const { f } = ctx;
  const folder = folderOf(ctx, 'file');
  const output = opts.out ?? `${opts.file.replace(/\.(csv|tsv|txt)$/i, '')}.contacts.json`;
  const { path, handle } = await folder.openRead(opts.file, 'file');
  const parts: string[] = [];
  let summary: CsvSummary;
  try {
    const src = await openContactsSource(path, { handle, stdin: f.io.in, signal: f.signal });
    ({ summary } = await convert(f, { ...opts, out: output }, src.label, src.csv(), {
      push: (t: string) => void parts.push(t),
    }));
  } finally {
    await handle.close();
  }
  conversionNotes(summary, f.log.warn);
  const out = await folder.create(output, 'output', 0o600);
  try {
    await out.handle.writeFile(parts.join(''));
    await out.commit();
  } finally {
    await out.discard();
  }
  // The notes are the result's own (what the work logged); the rest is the command's --json summary.
  const { notes: _, ...report } = summaryJson(summary);
  return { output: out.path, ...report };
}
