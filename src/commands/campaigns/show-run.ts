// campaigns show: what it runs (the declaration is show.ts).
import { PassThrough } from 'node:stream';
import { redactData } from '../../api/redact.js';
import { hintIfNotFound } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { cell } from '../../io/format.js';
import { printList, printRecord, type Column } from '../../io/output.js';
import { jsonForTerminal, terminalSafe } from '../../io/safe.js';
import { type IOStreams, write } from '../../io/streams.js';
import { campaignDigest, stageOf, windowWait, windowWaitText } from '../../campaigns/outcome.js';
import { CAMPAIGN_FIELDS } from './shared.js';
import { waitTimeoutOf } from './wait-flags.js';
import { type CampaignRead, checkReached, readCampaignOf, waitForCampaigns } from './waiting.js';
import type { AgentContext } from '../agent.js';
import type { ShowOptions } from './show.js';

type Rec = Record<string, unknown>;

function contactRows(c: Rec): Rec[] {
  const contacts = Array.isArray(c.contacts) ? (c.contacts as Rec[]) : [];
  const progress = Array.isArray(c.contactProgress) ? (c.contactProgress as Rec[]) : [];
  return contacts.map((ct, i) => {
    const p = progress.find((x) => x.contactIndex === i) ?? {};
    const alts = Array.isArray(ct.contact_attempts)
      ? (ct.contact_attempts as Rec[]).map((a) => cell(a.phone_number)).join(', ')
      : '';
    const { phone_number: _p, contact_attempts: _a, ...free } = ct;
    return {
      '#': i + 1,
      phone_number: ct.phone_number,
      alternatives: alts,
      status: p.status,
      attempts: p.attempts,
      lastOutcome: p.lastOutcome,
      fields: Object.entries(free)
        .map(([k, v]) => `${k}=${cell(v)}`)
        .join(' '),
    };
  });
}

// On a narrow terminal the alternatives give way first, then the last outcome; the fields take what is left.
const CONTACT_COLUMNS: Column<Rec>[] = [
  { key: '#' },
  { key: 'phone_number', header: 'Number' },
  { key: 'alternatives', header: 'Alternatives', width: 48, drop: 2 },
  { key: 'status', header: 'Status' },
  { key: 'attempts', header: 'Calls' },
  { key: 'lastOutcome', header: 'Last outcome', drop: 1 },
  { key: 'fields', header: 'Fields', fill: 10 },
];

/** Which contacts a view too short for all of them shows first: those in a call, then not reached, then waiting. */
const WEIGHT: Record<string, number> = { calling: 0, failed: 1, pending: 2, completed: 3 };

/**
 * The record, then its contacts: all of them, or (`maxContacts`, a view redrawn in place) the ones that matter most,
 * in their order, and how many more there are.
 */
async function render(f: Factory, c: Rec, io: IOStreams = f.io, maxContacts = Infinity): Promise<void> {
  const out = f.output();
  await printRecord(io, out, c, CAMPAIGN_FIELDS);
  if (out.format !== 'table' || out.quiet) return;
  const all = contactRows(c);
  if (all.length === 0) return;
  let rows = all;
  if (all.length > maxContacts) {
    const weight = (r: Rec) => WEIGHT[String(r.status)] ?? 2;
    const keep = new Set(
      [...all]
        .sort((a, b) => weight(a) - weight(b) || Number(a['#']) - Number(b['#']))
        .slice(0, Math.max(0, maxContacts)),
    );
    rows = all.filter((r) => keep.has(r));
  }
  // output: voicectl's own heading and a count.
  await write(io.out, `\nContacts (${all.length})\n`);
  if (rows.length > 0) await printList(io, out, rows, { columns: CONTACT_COLUMNS });
  if (rows.length < all.length)
    // output: a count and the command to see the rest; the id is made safe (terminalSafe).
    await write(
      io.out,
      `… and ${all.length - rows.length} more: ${f.commandLine.invocation()} campaigns results ${terminalSafe(cell(c.id))}\n`,
    );
}

async function captured(f: Factory, draw: (io: IOStreams) => Promise<void>): Promise<string> {
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (b: Buffer) => chunks.push(b));
  await draw({ ...f.io, out: sink });
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The whole view as lines that fit the terminal, so that a redraw reaches it in one write (no flicker of a half-drawn
 * frame) and never scrolls: each line cut to the width, and as many contacts as the height leaves after `head`
 * lines, the record and the contacts' title, header and "and N more".
 */
async function frame(f: Factory, c: Rec, head: number): Promise<string[]> {
  const { cutToWidth, displayWidth } = await import('../../io/table.js');
  const width = f.io.columns || 80;
  // A line is measured without its bold (voicectl's own SGR codes: cells are safe text and hold no ESC); a table's
  // header fits as its rows do, and a line cut loses its bold rather than a column's heading.
  const fit = (l: string) => {
    const plain = l.replace(SGR, '');
    return displayWidth(plain) <= width ? l : cutToWidth(plain, width);
  };
  const toLines = (text: string) => text.replace(/\n$/, '').split('\n').map(fit);
  const record = toLines(await captured(f, (io) => printRecord(io, f.output(), c, CAMPAIGN_FIELDS)));
  const room = (f.io.rows || 24) - head - record.length - 5;
  return toLines(await captured(f, (io) => render(f, c, io, room)));
}

/**
 * The first frame clears the screen (what was on it goes to the scrollback once); each later one goes home and
 * rewrites the lines in place, each cleared to its end, then clears below: the scrollback does not fill with copies.
 */
const CLEAR = '\x1b[H\x1b[2J';
/** The bold of a table's header or a record's labels (io/output.ts: chalk, level 1). */
const SGR = /\x1b\[[0-9;]*m/g;
const HOME = '\x1b[H';
const EOL = '\x1b[K';
const BELOW = '\x1b[J';

const clockTime = (ms: number) => new Date(ms).toTimeString().slice(0, 8);

/**
 * --watch. On a terminal the whole view (record, progress, contacts table) is redrawn in place at each check, so the
 * contacts' progress never goes stale. `-o ndjson`: one line per change (the first state, then each change; the last
 * line is final). Anything else (JSON, piped, -q, csv, -o table off a terminal): one document, the final record.
 */
/** The work of show, for the CLI and an agent alike: the campaign read once (--watch reads on: waitForCampaigns). */
export async function showCampaign(f: Factory, { id }: Pick<ShowOptions, 'id'>): Promise<CampaignRead> {
  return readCampaignOf(await f.client(), id, { signal: f.signal });
}

export async function run(f: Factory, opts: ShowOptions): Promise<void> {
  let c = (
    await hintIfNotFound(showCampaign(f, opts), `List your campaigns: ${f.commandLine.invocation()} campaigns list`)
  ).campaign;
  const out = f.output();
  if (!opts.watch) {
    for (const flag of ['timeout', 'exitStatus'] as const)
      if (opts[flag])
        f.log.warn(`warning: --${flag === 'exitStatus' ? 'exit-status' : flag} has no effect without --watch`);
    return render(f, c);
  }
  const redraw = out.format === 'table' && !out.quiet && f.io.stdoutIsTTY;
  const stream = out.format === 'ndjson' && !out.quiet;
  let drawn = false;
  const draw = async () => {
    if (stream) {
      const json = JSON.stringify(redactData(c, f.log.redact));
      // output: JSON, made safe on a terminal (jsonForTerminal).
      return write(f.io.out, `${f.io.stdoutIsTTY ? jsonForTerminal(json) : json}\n`);
    }
    if (!redraw) return;
    const moving = stageOf(c) === 'moving';
    const window = windowWait(c, f.clock.now());
    const head = [
      `Watching ${terminalSafe(cell(c.id))}${moving ? `, every ${opts.interval}s (Ctrl-C stops)` : ''} · ${clockTime(f.clock.now())}`,
      ...(window ? [terminalSafe(windowWaitText(window))] : []),
      '',
    ];
    const { cutToWidth } = await import('../../io/table.js');
    const lines = [...head.map((l) => cutToWidth(l, f.io.columns || 80)), ...(await frame(f, c, head.length))];
    // output: voicectl's own redraw sequences around lines drawn by the output layer (cells made safe).
    await write(f.io.out, `${drawn ? HOME : CLEAR}${lines.join(`${EOL}\n`)}${EOL}\n${BELOW}`);
    drawn = true;
  };
  const stopped = () => `Campaign is ${cell(c.status)}: it will not change by itself`;
  if (stageOf(c) !== 'moving') {
    // Nothing to watch: the plain view, without taking over the screen.
    await render(f, c);
    if (redraw) f.log.warn(`${stopped()}, nothing to watch.`);
    if (opts.exitStatus && stageOf(c) === 'finished') checkReached(f, new Map([[opts.id, c]]));
    return;
  }
  let last = '';
  const finals = await waitForCampaigns(
    f,
    [opts.id],
    {
      intervalMs: opts.interval * 1000,
      ...waitTimeoutOf(opts),
      resume: () => f.commandLine.withFlags(),
      first: new Map([[opts.id, c]]),
    },
    async (_id, record) => {
      c = record;
      const now = JSON.stringify(c);
      // On a terminal every read redraws, so the header's time says when it last looked and "4m ago" stays true (a
      // view that stays still for minutes, outside the calling window, looks frozen); -o ndjson prints changes only.
      if (redraw || now !== last) await draw();
      last = now;
    },
  ).catch(async (err: unknown) => {
    // Piped, the last record read is still printed before the error (a timeout, Ctrl-C): one valid document.
    if (!redraw && !stream) await render(f, c);
    throw err;
  });
  if (redraw) f.log.warn(`${stopped()}, stopped watching.`);
  else if (!stream) await render(f, c);
  if (opts.exitStatus) checkReached(f, finals);
}

/** For an agent: the campaign, wrapped so that the mark of what came from outside cannot collide with its fields. */
export async function act(ctx: AgentContext, _input: unknown, _sent: unknown, opts: ShowOptions) {
  const { campaign, requestId } = await showCampaign(ctx.f, opts);
  return {
    campaign: campaignDigest(campaign),
    requestId,
    next: 'Who was reached, contact by contact: campaigns_results (paged).',
  };
}
