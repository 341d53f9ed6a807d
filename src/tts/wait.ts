// Waiting for generations: polls GET /v1/tts/{id} for every pending id once per interval (never faster than
// the reference's 3 seconds, with a little jitter so many clients do not poll in step), a bounded number of
// requests in flight, until each is completed or failed or the deadline passes. A transient failure of a
// poll (network, 429, 5xx, a malformed answer) is not a failure of the generation: it keeps waiting.
// 401, 403 and 404 stop it: they will not change by waiting.
import { type ApiClient, encodePathParam, path } from '../api/client.js';
import { capText, excerpt } from '../api/errors.js';
import {
  ApiError,
  CliError,
  InterruptedError,
  JobFailedError,
  MalformedResponseError,
  SandboxStoppedError,
  WaitTimeoutError,
} from '../errors.js';
import type { Factory } from '../factory.js';
import { shellWord } from '../io/shell.js';
import { terminalSafe } from '../io/safe.js';
import { duration, plural } from '../io/format.js';
import { envelope } from '../schemas/common.js';
import { TTS_FINAL_STATUSES, TTS_STATUSES } from '../facts.js';
import { TtsGeneration } from '../schemas/tts.js';
import { failureLine } from './failures.js';

export interface WaitOptions {
  intervalMs: number;
  timeoutMs: number;
  /** The timeout as the user typed it ("0.5s"), for the message when it passes. */
  timeoutText?: string;
  /** Requests in flight at once. */
  concurrency?: number;
  /** The command that resumes the wait for `ids` (with the flags that change what it does); `tts wait` by default. */
  resume?: (ids: string[]) => string;
}

export interface WaitState {
  record?: TtsGeneration;
  /** The last transient polling error, cleared by the next good answer. */
  trouble?: string;
}

const DEFAULT_WAIT_CONCURRENCY = 8;
/** Up to 10% added to each interval, so that many clients do not poll in step. */
const JITTER = 0.1;

async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const STOPPING = new Set([401, 403, 404]);

/** Fetches one generation (used by get, wait and download). */
export async function fetchGeneration(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
  deadline?: number,
  onRetry?: (line: string) => void,
): Promise<TtsGeneration> {
  const res = await client.json(
    { method: 'GET', path: path`/v1/tts/${id}`, signal, deadline, onRetry },
    envelope(TtsGeneration),
  );
  // The record named by the id asked for, or none: a file name, a message or an agent's next call would take the
  // other id for this one.
  if (res.body.data.id !== id)
    throw new MalformedResponseError(
      `asked for generation ${id}, the service answered with ${terminalSafe(capText(res.body.data.id))}`,
      { response: { status: res.status, requestId: res.requestId } },
    );
  return res.body.data;
}

/** One wait for a set of generations: their states, the deadline, and the errors that end it. */
class GenerationWait {
  readonly states: Map<string, WaitState>;
  pending: string[];
  readonly started: number;
  readonly deadline: number;
  /** The last transient problem said for each id: said again only when it changes. */
  private readonly warned = new Map<string, string>();
  readonly resume: (ids: string[]) => string;

  constructor(
    private readonly f: Factory,
    private readonly client: ApiClient,
    readonly unique: string[],
    private readonly opts: WaitOptions,
  ) {
    this.states = new Map(unique.map((id) => [id, {}]));
    this.pending = unique;
    this.started = f.clock.monotonic();
    this.deadline = this.started + opts.timeoutMs;
    this.resume =
      opts.resume ?? ((list: string[]) => `${f.commandLine.invocation()} tts wait ${list.map(shellWord).join(' ')}`);
  }

  records(): TtsGeneration[] {
    return this.unique.map((id) => this.states.get(id)!.record ?? ({ id, status: 'unknown' } as TtsGeneration));
  }

  /** One poll of one id; a transient failure is noted in its state, anything else ends the wait. */
  async poll(id: string): Promise<void> {
    const { f } = this;
    const s = this.states.get(id)!;
    try {
      // --timeout is the whole wait: each poll (its request timeout and its retries) ends by the deadline.
      // With a spinner, a retry that waits is shown in the id's line rather than written across it.
      const onRetry = f.io.canAnimate() ? (line: string) => void (s.trouble = line) : undefined;
      s.record = await fetchGeneration(this.client, id, f.signal, this.deadline, onRetry);
      s.trouble = undefined;
    } catch (err) {
      this.pollFailed(id, s, err);
      return;
    }
    this.checkStatus(id, s.record.status);
  }

  private pollFailed(id: string, s: WaitState, err: unknown): void {
    const { f } = this;
    if (f.signal.aborted) throw err;
    if (err instanceof ApiError && STOPPING.has(err.status)) {
      if (err.status === 404)
        err.message = `generation ${id} not found (it does not exist or belongs to another organization)`;
      throw err;
    }
    if (err instanceof SandboxStoppedError) {
      // The background sandbox is gone: polling its dead port until the timeout would only hide that.
      err.hints = [`Resume with: ${this.resume(this.pending)} (it starts the sandbox again, with the same state)`];
      throw Object.assign(err, { records: this.records(), pending: this.pending });
    }
    if (!(err instanceof CliError)) throw err;
    // Transient: say so once per distinct problem, keep waiting.
    s.trouble = err instanceof ApiError ? `HTTP ${err.status}${err.apiCode ? ` ${err.apiCode}` : ''}` : err.message;
    if (this.warned.get(id) !== s.trouble && !f.io.canAnimate())
      f.log.warn(`warning: polling ${id} failed (${s.trouble}); still waiting`);
    this.warned.set(id, s.trouble);
  }

  /**
   * A status the reference does not list (2.1: queued, processing, completed or failed; "COMPLETED", "cancelled")
   * will not turn into one by waiting: the wait ends here rather than at the timeout.
   */
  private checkStatus(id: string, status: string): void {
    if ((TTS_STATUSES as readonly string[]).includes(status)) return;
    throw Object.assign(
      new MalformedResponseError(
        `generation ${id} has the status ${JSON.stringify(excerpt(status, 60))}, which is none of ${TTS_STATUSES.join(', ')}: stopped waiting`,
        { hints: [`See what the service says with: ${this.f.commandLine.invocation()} tts get ${shellWord(id)}`] },
      ),
      { records: this.records() },
    );
  }

  /** Each pending id with its last status, then how to go on. */
  private pendingHints(how: string): string[] {
    return [
      ...this.pending.map((id) => `${id}  ${this.states.get(id)!.record?.status ?? 'not reached yet'}`),
      `${how} ${this.resume(this.pending)}`,
    ];
  }

  timedOut(): Error {
    const n = plural(this.unique.length, 'generation', { count: 'plain' });
    return Object.assign(
      new WaitTimeoutError(
        `gave up after ${this.opts.timeoutText ?? duration(this.opts.timeoutMs)}: ${this.pending.length} of ${n} still pending`,
        { hints: this.pendingHints('Wait again with:') },
      ),
      { records: this.records(), pending: this.pending },
    );
  }

  interrupted(): Error {
    return Object.assign(
      new InterruptedError(
        `stopped waiting; ${plural(this.pending.length, 'generation', { count: 'plain' })} still pending`,
        { hints: this.pendingHints('Resume with:') },
      ),
      { records: this.records(), pending: this.pending },
    );
  }

  /** The records when every generation completed; JobFailedError naming the failed ones otherwise. */
  result(): TtsGeneration[] {
    const all = this.records();
    const failed = all.filter((r) => r.status === 'failed');
    if (failed.length === 0) return all;
    const invocation = this.f.commandLine.invocation();
    throw Object.assign(
      new JobFailedError(
        failed.length === 1 && all.length === 1
          ? `generation ${failed[0].id} failed`
          : `${failed.length} of ${all.length} generations failed`,
        {
          hints: failed.map(
            (r) =>
              `${all.length > 1 ? `${r.id}: ` : ''}${failureLine(r.errorMessage, `${invocation} tts get ${shellWord(r.id)}`)}`,
          ),
        },
      ),
      { records: all },
    );
  }
}

/**
 * Waits for every id. `onUpdate` sees the state after each round (the spinner). Resolves with the final
 * records in the order of `ids`; throws JobFailedError (any failed), WaitTimeoutError or InterruptedError,
 * each carrying the records in `records` so the caller can still print them.
 */
export async function waitForGenerations(
  f: Factory,
  ids: string[],
  opts: WaitOptions,
  onUpdate?: (states: Map<string, WaitState>, elapsedMs: number) => void,
): Promise<TtsGeneration[]> {
  const unique = [...new Set(ids)];
  // An ID that cannot be sent ("", ".", "..") is bad input: refused before any request, not retried as a
  // passing polling failure until the timeout.
  for (const id of unique) encodePathParam(id);
  const w = new GenerationWait(f, await f.client(), unique, opts);
  try {
    for (;;) {
      // Rounds start an interval apart (not an interval after the previous round ended), so a round of many
      // ids does not stretch the wait; each id is still asked at most once per interval.
      const roundStart = f.clock.monotonic();
      await pool(w.pending, opts.concurrency ?? DEFAULT_WAIT_CONCURRENCY, (id) => w.poll(id));
      w.pending = w.pending.filter(
        (id) => !(TTS_FINAL_STATUSES as readonly string[]).includes(w.states.get(id)!.record?.status ?? ''),
      );
      const now = f.clock.monotonic();
      onUpdate?.(w.states, now - w.started);
      if (w.pending.length === 0) break;
      if (now >= w.deadline) throw w.timedOut();
      const next = roundStart + opts.intervalMs * (1 + Math.random() * JITTER);
      await f.clock.sleep(Math.max(0, Math.min(next, w.deadline) - now), f.signal);
    }
  } catch (err) {
    if (f.signal.aborted) throw w.interrupted();
    throw err;
  }
  return w.result();
}

/** The records a wait error carries (so the caller prints them before the error). */
export function recordsOf(err: unknown): TtsGeneration[] | undefined {
  return (err as { records?: TtsGeneration[] } | null)?.records;
}
