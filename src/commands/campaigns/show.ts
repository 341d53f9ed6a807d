import { Command, Option } from 'commander';
import { z } from 'zod';
import { path } from '../../api/client.js';
import type { Factory } from '../../factory.js';
import { cell } from '../../io/format.js';
import { printList, printRecord, type Column } from '../../io/output.js';
import { terminalSafe } from '../../io/safe.js';
import { write } from '../../io/streams.js';
import { parseOptions } from '../../options.js';
import { Campaign } from '../../schemas/campaigns.js';
import { decimal, envelope } from '../../schemas/common.js';
import { examples } from '../help.js';
import { CAMPAIGN_FIELDS, countersText } from './shared.js';
import { sleep } from '../../io/sleep.js';

export const ShowOptions = z.object({
  id: z.string().trim().min(1, 'must not be empty'),
  watch: z.boolean().default(false),
  /** Seconds between refreshes of --watch. */
  interval: decimal(
    z
      .number({ error: 'must be a number of seconds' })
      .min(0.05, 'must be at least 0.05')
      .max(3600, 'must be at most 3600'),
  ).default(5),
});
export type ShowOptions = z.infer<typeof ShowOptions>;

type Rec = Record<string, unknown>;

/** States in which a campaign changes by itself; in any other, --watch has nothing to wait for. */
const MOVING = new Set(['RUNNING', 'SCHEDULED']);

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

const CONTACT_COLUMNS: Column<Rec>[] = [
  { key: '#' },
  { key: 'phone_number', header: 'Number' },
  { key: 'alternatives', header: 'Alternatives', width: 48 },
  { key: 'status', header: 'Status' },
  { key: 'attempts', header: 'Calls' },
  { key: 'lastOutcome', header: 'Last outcome' },
  { key: 'fields', header: 'Fields', width: 40 },
];

async function fetchCampaign(f: Factory, id: string): Promise<Rec> {
  const client = await f.client();
  const res = await client.json(
    { method: 'GET', path: path`/v1/campaigns/${id}`, signal: f.signal },
    envelope(Campaign),
  );
  return res.body.data;
}

async function render(f: Factory, c: Rec): Promise<void> {
  const out = f.output();
  await printRecord(f.io, out, c, CAMPAIGN_FIELDS);
  if (out.format !== 'table' || out.quiet) return;
  const rows = contactRows(c);
  if (rows.length === 0) return;
  await write(f.io.out, `\nContacts (${rows.length})\n`);
  await printList(f.io, out, rows, { columns: CONTACT_COLUMNS });
}

const snapshot = (c: Rec) => JSON.stringify([c.status, c.counters]);

export async function showRun(f: Factory, opts: ShowOptions): Promise<void> {
  let c = await fetchCampaign(f, opts.id);
  const out = f.output();
  const live = out.format === 'table' && !out.quiet;
  if (!opts.watch) return render(f, c);
  // --watch: on a terminal the campaign once, then one progress line per change; piped, only the final record.
  if (live) await render(f, c);
  let last = snapshot(c);
  while (MOVING.has(String(c.status))) {
    await sleep(opts.interval * 1000, f.signal);
    f.checkInterrupted();
    c = await fetchCampaign(f, opts.id);
    const now = snapshot(c);
    if (live && now !== last) {
      const t = new Date(f.now()).toTimeString().slice(0, 8);
      await write(f.io.out, `${terminalSafe(`${t}  ${cell(c.status)}  ${countersText(c)}`)}\n`);
    }
    last = now;
  }
  if (live) f.warn(`Campaign is ${cell(c.status)}: it will not change by itself, stopped watching.`);
  else await render(f, c);
}

export function makeShowCommand(f: Factory, run = showRun): Command {
  const cmd = new Command('show')
    .description(
      'Show a campaign (reference 4.7): its settings, progress counters, caller IDs per attempt and contacts.\n\n--watch refreshes every 5 seconds while the campaign is RUNNING or SCHEDULED and stops when it no longer changes by itself (or on Ctrl-C); piped, it prints only the final record.',
    )
    .argument('<id>', 'campaign ID')
    .option('-w, --watch', 'refresh the progress until the campaign stops changing')
    .addOption(new Option('--interval <seconds>', 'seconds between refreshes of --watch').hideHelp())
    .action(async (id: string, raw: Rec) => {
      await run(f, parseOptions(ShowOptions, { ...raw, id }, { id: '<id>' }));
    });
  return examples(cmd, [
    'voicectl campaigns show cmp_0123456789abcdef',
    'voicectl campaigns show cmp_0123456789abcdef --watch',
    'voicectl campaigns show cmp_0123456789abcdef --json | jq .counters',
  ]);
}
