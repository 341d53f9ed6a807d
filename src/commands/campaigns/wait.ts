// campaigns wait: reads each campaign until it finishes (it no longer changes by itself), for scripts and CI jobs:
// --timeout ends the wait (exit 6, with the command that resumes it) and --exit-status makes a campaign that
// finished with contacts not reached exit 10.
import { Command } from 'commander';
import { redactData } from '../../api/redact.js';
import * as z from 'zod/mini';
import type { Factory } from '../../factory.js';
import { shellWord } from '../../io/shell.js';
import { type CampaignProgress, progressOf, progressText } from '../../campaigns/outcome.js';
import { localTime } from '../../io/format.js';
import { printList, type Column } from '../../io/output.js';
import { jsonForTerminal, terminalSafe } from '../../io/safe.js';
import { write } from '../../io/streams.js';
import { parseOptions } from '../../options.js';
import { examples } from '../help.js';
import { checkReached, waitForCampaigns } from './waiting.js';
import { CampaignWaitFlags, campaignWaitFlags, resumeFlags, waitIntervalMs, waitTimeoutOf } from './wait-flags.js';

const WaitOptions = z.extend(CampaignWaitFlags, {
  ids: z
    .array(z.string().check(z.trim(), z.minLength(1, 'must not be empty')))
    .check(z.minLength(1, 'needs at least one campaign ID')),
});
type WaitOptions = z.infer<typeof WaitOptions>;

type Row = CampaignProgress & Record<string, unknown>;

const COLUMNS: Column<Row>[] = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'NAME', fill: 8 },
  { key: 'status', header: 'STATUS' },
  { key: 'reached', header: 'REACHED', human: (r) => reachedText(r) },
  { key: 'notReached', header: 'NOT REACHED', human: (r) => (r.notReached === null ? '-' : String(r.notReached)) },
  { key: 'completedAt', header: 'FINISHED', human: (r) => (r.completedAt ? localTime(r.completedAt) : ''), drop: 1 },
];

function reachedText(p: CampaignProgress): string {
  const c = p.counters ?? {};
  return typeof c.completed === 'number' ? `${c.completed}${typeof c.total === 'number' ? `/${c.total}` : ''}` : '-';
}

/**
 * How the wait reports: `stream` one JSON line per change on stdout (piped with no format asked for, or -o ndjson);
 * `lines` one line per change on stderr, for a person at a terminal; the final list on stdout unless streaming.
 */
function modeOf(f: Factory): { stream: boolean; lines: boolean } {
  const g = f.globals();
  const out = f.output();
  const asked = g.json || g.output !== undefined || g.quiet;
  const stream = !out.quiet && (out.format === 'ndjson' || (!asked && !f.io.stdoutIsTTY));
  return { stream, lines: !stream && f.io.stderrIsTTY };
}

async function waitRun(f: Factory, opts: WaitOptions): Promise<void> {
  const mode = modeOf(f);
  const last = new Map<string, string>();
  const flags = resumeFlags(opts);
  const finals = await waitForCampaigns(
    f,
    opts.ids,
    {
      intervalMs: waitIntervalMs(f, opts),
      ...waitTimeoutOf(opts),
      resume: (pending) => `${f.commandLine.invocation()} campaigns wait ${pending.map(shellWord).join(' ')}${flags}`,
    },
    async (id, _record, p) => {
      const json = JSON.stringify(redactData(p, f.redact));
      if (last.get(id) === json) return;
      last.set(id, json);
      if (mode.stream) await write(f.io.out, `${f.io.stdoutIsTTY ? jsonForTerminal(json) : json}\n`);
      else if (mode.lines)
        f.warn(
          `${new Date(f.clock.now()).toTimeString().slice(0, 8)}  ${terminalSafe(id)}  ${terminalSafe(p.status)}  ${terminalSafe(progressText(p))}`,
        );
    },
  );
  if (!mode.stream) {
    const rows = [...finals].map(([id, r]) => progressOf(id, r) as Row);
    const out = f.output();
    if (out.format === 'json' && !out.quiet && rows.length === 1)
      await write(f.io.out, `${JSON.stringify(rows[0], null, 2)}\n`);
    else await printList(f.io, out, rows, { columns: COLUMNS });
  }
  if (opts.exitStatus) checkReached(f, finals);
}

export function makeWaitCommand(f: Factory, run = waitRun): Command {
  const cmd = campaignWaitFlags(
    new Command('wait').description(
      'Wait until each campaign finishes: reads it every 5 seconds while it is RUNNING or SCHEDULED.\n\nOn a terminal one line per change goes to stderr and a table of the final state to stdout. Piped (without -o/--json), one JSON line per change: {id, name, status, counters, notReached, completedAt}, the last line of each campaign final; --json prints the final state once. A campaign that was never started (DRAFT, PAUSED) stops the wait (exit 1). Exit 0 all finished · 6 --timeout passed (with the command that waits again) · 10 with --exit-status, a campaign finished with contacts not reached · 4 not found · 130 Ctrl-C.',
    ),
  )
    .argument('<id...>', 'campaign IDs')
    .action(async (ids: string[], raw: Record<string, unknown>) =>
      run(f, parseOptions(WaitOptions, { ...raw, ids }, { ids: '<id...>' })),
    );
  return examples(cmd, [
    'voicectl campaigns wait cmp_0123456789abcdef',
    'voicectl campaigns wait cmp_0123456789abcdef --exit-status --timeout 30m',
    "voicectl campaigns wait cmp_aaa cmp_bbb | jq -c '[.id, .status, .counters.completed]'",
  ]);
}
