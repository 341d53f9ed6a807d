// Waiting for campaigns to finish (`campaigns wait`, `campaigns show --watch`): reads each one every interval until
// it can no longer change by itself, within a deadline. A transient failure of a read (network, 429, 5xx, a
// malformed answer) is not the campaign's: it keeps waiting. 401, 403 and 404 stop it, and so does a campaign
// that was never started (DRAFT, PAUSED): it would not finish by waiting.
import { type ApiClient, path } from '../../api/client.js';
import {
  ApiError,
  CliError,
  InterruptedError,
  NotReachedError,
  SandboxStoppedError,
  WaitTimeoutError,
} from '../../errors.js';
import type { Factory } from '../../factory.js';
import { shellWord } from '../../io/shell.js';
import { type CampaignProgress, progressOf, progressText, stageOf } from '../../campaigns/outcome.js';
import { cell, duration, plural } from '../../io/format.js';
import { Campaign } from '../../schemas/campaigns.js';
import { envelope } from '../../schemas/common.js';

type Rec = Record<string, unknown>;

const STOPPING = new Set([401, 403, 404]);

/** A campaign as the service has it now, and the requestId of its answer. */
export interface CampaignRead {
  campaign: Campaign;
  requestId: string | null;
}

/** GET /v1/campaigns/{id} (reference 4.7): the one read of a campaign every command and tool makes. */
export async function readCampaignOf(
  client: ApiClient,
  id: string,
  opts: { signal?: AbortSignal; deadline?: number } = {},
): Promise<CampaignRead> {
  const res = await client.json(
    { method: 'GET', path: path`/v1/campaigns/${id}`, signal: opts.signal, deadline: opts.deadline },
    envelope(Campaign),
  );
  return { campaign: res.body.data, requestId: res.requestId ?? null };
}

export async function fetchCampaign(f: Factory, id: string, deadline?: number): Promise<Campaign> {
  return (await readCampaignOf(await f.client(), id, { signal: f.signal, deadline })).campaign;
}

export interface CampaignWaitOptions {
  intervalMs: number;
  /** The whole wait; undefined: no limit. */
  timeoutMs?: number;
  /** The timeout as typed ("15m"), for the message when it passes. */
  timeoutText?: string;
  /** The command that waits again for `pending`. */
  resume: (pending: string[]) => string;
  /** Records already read (the first read of `show --watch`), used as the first round. */
  first?: Map<string, Campaign>;
}

/**
 * Waits for every id, calling `onRead` after each read (changed or not) with the record and its progress. Resolves
 * with the final records in the order of `ids`; throws WaitTimeoutError, InterruptedError, SandboxStoppedError
 * (each with the command that resumes), an ApiError that waiting will not change, or a CliError for a campaign
 * that was never started.
 */
export async function waitForCampaigns(
  f: Factory,
  ids: string[],
  opts: CampaignWaitOptions,
  onRead: (id: string, record: Campaign, progress: CampaignProgress) => Promise<void> | void,
): Promise<Map<string, Campaign>> {
  const unique = [...new Set(ids)];
  const started = f.clock.monotonic();
  const w: Wait = {
    f,
    opts,
    unique,
    records: new Map(),
    deadline: opts.timeoutMs === undefined ? undefined : started + opts.timeoutMs,
    warned: new Map(),
    pending: unique,
  };
  try {
    for (let round = 0; ; round++) {
      const roundStart = f.clock.monotonic();
      for (const id of w.pending) {
        const r = (round === 0 ? opts.first?.get(id) : undefined) ?? (await readCampaign(w, id));
        if (!r) continue;
        w.records.set(id, r);
        checkStarted(f, id, r);
        await onRead(id, r, progressOf(id, r));
      }
      w.pending = w.pending.filter((id) => {
        const r = w.records.get(id);
        return !r || stageOf(r) === 'moving';
      });
      if (w.pending.length === 0) break;
      await pause(w, roundStart);
    }
  } catch (err) {
    if (f.signal.aborted) {
      throw new InterruptedError(
        `stopped waiting; ${plural(w.pending.length, 'campaign', { count: 'plain' })} still running`,
        { hints: [...linesOf(w, w.pending), `Resume with: ${opts.resume(w.pending)}`] },
      );
    }
    throw err;
  }
  return new Map(unique.map((id) => [id, w.records.get(id)!]));
}

/** One wait for campaigns: its records so far and the campaigns still moving. */
interface Wait {
  f: Factory;
  opts: CampaignWaitOptions;
  unique: string[];
  records: Map<string, Campaign>;
  /** Monotonic ms at which the wait gives up; undefined: never. */
  deadline?: number;
  /** The trouble last said per campaign, so a read that keeps failing the same way warns once. */
  warned: Map<string, string>;
  /** Campaigns still to read: all at first, then those that may still change. */
  pending: string[];
}

/** A status line per campaign, for the hints of a wait that ends before they finish. */
function linesOf(w: Wait, list: string[]): string[] {
  return list.map((id) => {
    const r = w.records.get(id);
    return r ? `${id}  ${cell(r.status)}  ${progressText(progressOf(id, r))}` : `${id}  not read yet`;
  });
}

/**
 * One read of a campaign; undefined when it failed in a way waiting may outlast (warned once per kind of trouble).
 * Throws what waiting will not change.
 */
async function readCampaign(w: Wait, id: string): Promise<Campaign | undefined> {
  const { f } = w;
  try {
    const r = await fetchCampaign(f, id, w.deadline);
    w.warned.delete(id);
    return r;
  } catch (err) {
    if (f.signal.aborted) throw err;
    if (err instanceof ApiError && STOPPING.has(err.status)) {
      if (err.status === 404) {
        err.message = `campaign ${id} not found (it does not exist or belongs to another organization)`;
        err.hints.push(`List your campaigns: ${f.commandLine.invocation()} campaigns list`);
      }
      throw err;
    }
    if (err instanceof SandboxStoppedError) {
      err.hints = [`Resume with: ${w.opts.resume(w.pending)} (it starts the sandbox again, with the same state)`];
      throw err;
    }
    if (!(err instanceof CliError)) throw err;
    const trouble = err instanceof ApiError ? `HTTP ${err.status}${err.apiCode ? ` ${err.apiCode}` : ''}` : err.message;
    if (w.warned.get(id) !== trouble) f.log.warn(`warning: reading campaign ${id} failed (${trouble}); still waiting`);
    w.warned.set(id, trouble);
    return undefined;
  }
}

/** A campaign never started would not finish by waiting. */
function checkStarted(f: Factory, id: string, r: Rec): void {
  if (stageOf(r) !== 'unstarted') return;
  throw new CliError(`campaign ${id} is ${cell(r.status)}: it will not finish by itself, so waiting would not end`, {
    hints: [`Start it with: ${f.commandLine.invocation()} campaigns start ${shellWord(id)}`],
  });
}

/** Sleeps until the next round (an interval after the last one started), or gives up once the deadline passed. */
async function pause(w: Wait, roundStart: number): Promise<void> {
  const { f, opts, deadline } = w;
  const now = f.clock.monotonic();
  if (deadline !== undefined && now >= deadline) {
    throw new WaitTimeoutError(
      `gave up after ${opts.timeoutText ?? duration(opts.timeoutMs ?? 0)}: ${w.pending.length} of ${plural(w.unique.length, 'campaign', { count: 'plain' })} still running`,
      { hints: [...linesOf(w, w.pending), `Wait again with: ${opts.resume(w.pending)}`] },
    );
  }
  const next = roundStart + opts.intervalMs;
  await f.clock.sleep(Math.max(0, Math.min(next, deadline ?? next) - now), f.signal);
}

/**
 * --exit-status: exit 10 when a finished campaign left contacts not reached; a campaign whose record does not say
 * is reported on stderr and does not count (the reference names no counters).
 */
export function checkReached(f: Factory, finals: Map<string, Rec>): void {
  const short: { id: string; line: string; n: number }[] = [];
  for (const [id, r] of finals) {
    const p = progressOf(id, r);
    if (p.notReached === null)
      f.log.warn(
        `warning: campaign ${id} does not say how many contacts were reached (no contactProgress, no counters.failed)`,
      );
    else if (p.notReached > 0)
      short.push({ id, n: p.notReached, line: `${id}  ${p.notReached} not reached  (${progressText(p)})` });
  }
  if (short.length === 0) return;
  const message =
    finals.size === 1
      ? `campaign ${short[0].id} finished with ${plural(short[0].n, 'contact')} not reached`
      : `${short.length} of ${plural(finals.size, 'campaign', { count: 'plain' })} finished with contacts not reached`;
  throw new NotReachedError(message, {
    hints: [
      ...(finals.size === 1 ? [] : short.map((s) => s.line)),
      `Who was not reached: ${f.commandLine.invocation()} campaigns results ${finals.size === 1 ? shellWord(short[0].id) : '<id>'} --status not_reached`,
    ],
  });
}
