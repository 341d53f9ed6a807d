// Waiting for generations: polls GET /v1/tts/{id} for every pending id once per interval (never faster than
// the reference's 3 seconds, with a little jitter so many clients do not poll in step), a bounded number of
// requests in flight, until each is completed or failed or the deadline passes. A transient failure of a
// poll (network, 429, 5xx, a malformed answer) is not a failure of the generation: it keeps waiting.
// 401, 403 and 404 stop it: they will not change by waiting.
import { path, type ApiClient } from '../api/client.js';
import { excerpt } from '../api/errors.js';
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
  return res.body.data;
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
  const { encodePathParam } = await import('../api/client.js');
  for (const id of unique) encodePathParam(id);
  const client = await f.client();
  const states = new Map<string, WaitState>(unique.map((id) => [id, {}]));
  const started = f.clock.monotonic();
  const deadline = started + opts.timeoutMs;
  const warned = new Map<string, string>();
  let pending = unique;
  const resume =
    opts.resume ?? ((list: string[]) => `${f.commandLine.invocation()} tts wait ${list.map(shellWord).join(' ')}`);
  const records = () => unique.map((id) => states.get(id)!.record ?? ({ id, status: 'unknown' } as TtsGeneration));

  try {
    for (;;) {
      // Rounds start an interval apart (not an interval after the previous round ended), so a round of many
      // ids does not stretch the wait; each id is still asked at most once per interval.
      const roundStart = f.clock.monotonic();
      await pool(pending, opts.concurrency ?? DEFAULT_WAIT_CONCURRENCY, async (id) => {
        const s = states.get(id)!;
        try {
          // --timeout is the whole wait: each poll (its request timeout and its retries) ends by the deadline.
          // With a spinner, a retry that waits is shown in the id's line rather than written across it.
          const onRetry = f.io.canAnimate() ? (line: string) => void (s.trouble = line) : undefined;
          s.record = await fetchGeneration(client, id, f.signal, deadline, onRetry);
          s.trouble = undefined;
        } catch (err) {
          if (f.signal.aborted) throw err;
          if (err instanceof ApiError && STOPPING.has(err.status)) {
            if (err.status === 404)
              err.message = `generation ${id} not found (it does not exist or belongs to another organization)`;
            throw err;
          }
          if (err instanceof SandboxStoppedError) {
            // The background sandbox is gone: polling its dead port until the timeout would only hide that.
            err.hints = [`Resume with: ${resume(pending)} (it starts the sandbox again, with the same state)`];
            throw Object.assign(err, { records: records(), pending });
          }
          if (!(err instanceof CliError)) throw err;
          // Transient: say so once per distinct problem, keep waiting.
          s.trouble =
            err instanceof ApiError ? `HTTP ${err.status}${err.apiCode ? ` ${err.apiCode}` : ''}` : err.message;
          if (warned.get(id) !== s.trouble && !f.io.canAnimate())
            f.warn(`warning: polling ${id} failed (${s.trouble}); still waiting`);
          warned.set(id, s.trouble);
          return;
        }
        // A status the reference does not list (2.1: queued, processing, completed or failed; "COMPLETED",
        // "cancelled") will not turn into one by waiting: the wait ends here rather than at the timeout.
        const status = s.record.status;
        if (!(TTS_STATUSES as readonly string[]).includes(status)) {
          throw Object.assign(
            new MalformedResponseError(
              `generation ${id} has the status ${JSON.stringify(excerpt(status, 60))}, which is none of ${TTS_STATUSES.join(', ')}: stopped waiting`,
              { hints: [`See what the service says with: ${f.commandLine.invocation()} tts get ${shellWord(id)}`] },
            ),
            { records: records() },
          );
        }
      });
      pending = pending.filter(
        (id) => !(TTS_FINAL_STATUSES as readonly string[]).includes(states.get(id)!.record?.status ?? ''),
      );
      const now = f.clock.monotonic();
      onUpdate?.(states, now - started);
      if (pending.length === 0) break;
      if (now >= deadline) {
        throw Object.assign(
          new WaitTimeoutError(
            `gave up after ${opts.timeoutText ?? duration(opts.timeoutMs)}: ${pending.length} of ${plural(unique.length, 'generation', { count: 'plain' })} still pending`,
            {
              hints: [
                ...pending.map((id) => `${id}  ${states.get(id)!.record?.status ?? 'not reached yet'}`),
                `Wait again with: ${resume(pending)}`,
              ],
            },
          ),
          { records: records(), pending },
        );
      }
      const next = roundStart + opts.intervalMs * (1 + Math.random() * JITTER);
      await f.clock.sleep(Math.max(0, Math.min(next, deadline) - now), f.signal);
    }
  } catch (err) {
    if (f.signal.aborted) {
      throw Object.assign(
        new InterruptedError(
          `stopped waiting; ${plural(pending.length, 'generation', { count: 'plain' })} still pending`,
          {
            hints: [
              ...pending.map((id) => `${id}  ${states.get(id)!.record?.status ?? 'not reached yet'}`),
              `Resume with: ${resume(pending)}`,
            ],
          },
        ),
        { records: records(), pending },
      );
    }
    throw err;
  }

  const all = records();
  const failed = all.filter((r) => r.status === 'failed');
  if (failed.length > 0) {
    throw Object.assign(
      new JobFailedError(
        failed.length === 1 && all.length === 1
          ? `generation ${failed[0].id} failed`
          : `${failed.length} of ${all.length} generations failed`,
        {
          hints: failed.map(
            (r) =>
              `${all.length > 1 ? `${r.id}: ` : ''}${failureLine(r.errorMessage, `${f.commandLine.invocation()} tts get ${shellWord(r.id)}`)}`,
          ),
        },
      ),
      { records: all },
    );
  }
  return all;
}

/** The records a wait error carries (so the caller prints them before the error). */
export function recordsOf(err: unknown): TtsGeneration[] | undefined {
  return (err as { records?: TtsGeneration[] } | null)?.records;
}
