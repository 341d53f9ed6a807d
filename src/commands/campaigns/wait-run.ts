// campaigns wait: what it runs (the declaration is wait.ts).
import { redactData } from '../../api/redact.js';
import {
  type CampaignProgress,
  progressOf,
  stageOf,
  progressText,
  windowWait,
  windowWaitText,
} from '../../campaigns/outcome.js';
import type { Factory } from '../../factory.js';
import type { Campaign } from '../../schemas/campaigns.js';
import { localTime } from '../../io/format.js';
import { printList, printRecord, type Column } from '../../io/output.js';
import { jsonForTerminal, terminalSafe } from '../../io/safe.js';
import { shellWord } from '../../io/shell.js';
import { write } from '../../io/streams.js';
import { CliError, WaitTimeoutError } from '../../errors.js';
import type { AgentContext } from '../agent.js';
import type { WaitInput, WaitOptions } from './wait.js';
import { resumeFlags, waitIntervalMs, waitTimeoutOf } from './wait-flags.js';
import { checkReached, waitForCampaigns } from './waiting.js';

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
  // --jq and --fields shape the final output: they ask for it as --json does.
  const asked = g.json || g.output !== undefined || g.quiet || g.jq !== undefined || g.fields !== undefined;
  const stream = !out.quiet && (out.format === 'ndjson' || (!asked && !f.io.stdoutIsTTY));
  return { stream, lines: !stream && f.io.stderrIsTTY };
}

/** What waiting needs, from the flags or the tool's fields. */
export interface WaitFor extends Pick<WaitOptions, 'ids' | 'interval' | 'timeout'> {
  /** The command (or tool) that waits again for the campaigns still running. */
  resume: (pending: string[]) => string;
}

/**
 * The work of wait, for the CLI and an agent alike: reads each campaign until it finishes, calling `onRead` after
 * each read; the final records in the order of `ids`. A timeout is WaitTimeoutError (waitForCampaigns says the rest).
 */
export function waitCampaigns(
  f: Factory,
  input: WaitFor,
  onRead: (id: string, record: Campaign, progress: CampaignProgress) => Promise<void> | void,
): Promise<Map<string, Campaign>> {
  const timing = { intervalMs: waitIntervalMs(f, input), ...waitTimeoutOf(input) };
  return waitForCampaigns(f, input.ids, { ...timing, resume: input.resume }, onRead);
}

export async function run(f: Factory, opts: WaitOptions): Promise<void> {
  const mode = modeOf(f);
  const last = new Map<string, string>();
  const flags = resumeFlags(opts);
  const finals = await waitCampaigns(
    f,
    {
      ...opts,
      resume: (pending) => `${f.commandLine.invocation()} campaigns wait ${pending.map(shellWord).join(' ')}${flags}`,
    },
    async (id, record, p) => {
      const json = JSON.stringify(redactData(p, f.log.redact));
      // On a terminal a campaign that waits for its calling window says so, and when it opens (in the sandbox, on its
      // clock): a wait with nothing to show for minutes looks stuck.
      const window = mode.lines ? windowWait(record, f.clock.now()) : undefined;
      const key = `${json}${window ? ` ${window.opens}` : ''}`;
      if (last.get(id) === key) return;
      last.set(id, key);
      // output: JSON, made safe on a terminal (jsonForTerminal).
      if (mode.stream) await write(f.io.out, `${f.io.stdoutIsTTY ? jsonForTerminal(json) : json}\n`);
      else if (mode.lines)
        f.log.warn(
          `${new Date(f.clock.now()).toTimeString().slice(0, 8)}  ${terminalSafe(id)}  ${terminalSafe(p.status)}  ${terminalSafe(progressText(p))}${window ? ` · ${terminalSafe(windowWaitText(window))}` : ''}`,
        );
    },
  );
  if (!mode.stream) {
    const rows = [...finals].map(([id, r]) => progressOf(id, r) as Row);
    const out = f.output();
    // One campaign's final state is a record, as `tts wait` prints one generation; several are a list.
    if (out.format === 'json' && rows.length === 1) await printRecord(f.io, out, rows[0]);
    else await printList(f.io, out, rows, { columns: COLUMNS });
  }
  if (opts.exitStatus) checkReached(f, finals);
}

/**
 * For an agent: each campaign's progress once it finished, or after timeoutSeconds with the ids still running
 * (an answer, not an error: call again).
 */
export async function act(ctx: AgentContext, _input: WaitInput, _sent: unknown, opts: WaitOptions) {
  const { ids } = opts;
  const latest = new Map<string, CampaignProgress>();
  let pending: string[] = [];
  try {
    await waitCampaigns(
      ctx.f,
      {
        // timeoutSeconds is --timeout in seconds (optionsOf).
        ...opts,
        resume: () => 'campaigns_wait',
      },
      (id, _record, p) => void latest.set(id, p),
    );
  } catch (err) {
    if (!(err instanceof WaitTimeoutError)) {
      // A campaign never started: the way out is a tool, not the command the CLI names.
      if (err instanceof CliError && err.hints.some((h) => h.startsWith('Start it with:')))
        err.hints = ['Start it with campaigns_start (a plan first, then its planId).'];
      throw err;
    }
    pending = [...new Set(ids)].filter((id) => {
      const p = latest.get(id);
      return !p || stageOf(p as unknown as Record<string, unknown>) === 'moving';
    });
  }
  return {
    done: pending.length === 0,
    pending,
    campaigns: [...new Set(ids)].map((id) => latest.get(id) ?? { id, status: 'not read yet' }),
    next: pending.length ? 'Call campaigns_wait again with the pending ids.' : 'Who was reached: campaigns_results.',
  };
}
