// The gates of `voicectl mcp`: the session's spending cap, and the plans an agent must have been shown before a
// campaign is created or started (issue 16, "Safe by default"). Plans are kept in the config dir, so that a client
// that starts one server per call (MCP Inspector --cli) can show a plan with one process and act with the next.
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CliError } from '../errors.js';
import type { Host } from '../platform/host.js';
import { sharedFolder } from '../platform/privacy.js';

/** Refused by a gate of the session: nothing was sent. */
class GateError extends CliError {
  override code = 'refused';
}

export interface SessionSpending {
  spentTokens: number;
  capTokens: number;
  remainingTokens: number;
  /** What the count covers: the day (UTC), for every voicectl mcp of this config dir. */
  period: string;
}

interface Spent {
  /** The UTC day counted, YYYY-MM-DD. */
  day: string;
  tokens: number;
}

/**
 * Tokens the generations of this config dir's MCP servers may spend in a day (UTC), counted from each generation's
 * cost (reference 8) before it is sent: a generation that would pass the cap is refused, whatever the balance of
 * the organization. The count is kept in `<config dir>/mcp-spending.json` (0600), beside the plans, so that a
 * client starting one server per call (MCP Inspector --cli) is held by one cap, not a new one per call; each
 * change is made under a lock, so two servers at once cannot both spend the last tokens.
 */
export class Budget {
  constructor(
    readonly cap: number,
    private readonly file: string,
    private readonly now: () => number,
  ) {}

  /** Counts `cost` against the cap, or throws (and counts nothing) when it would pass it. */
  async reserve(cost: number): Promise<void> {
    await this.change((spent) => {
      if (spent + cost > this.cap) {
        throw new GateError(
          `spending cap: this generation costs ${cost} tokens and only ${Math.max(0, this.cap - spent)} of the ${this.cap} allowed today (UTC) are left; nothing was sent`,
          {
            hints: [
              'The cap is set when the server starts (voicectl mcp --max-tokens N) and counts what every voicectl mcp of this config dir spent today (UTC); a shorter text costs less (10 tokens per 100 characters).',
            ],
          },
        );
      }
      return spent + cost;
    });
  }

  /** Gives back a reservation whose request was refused by the service (nothing was charged). */
  async release(cost: number): Promise<void> {
    await this.change((spent) => Math.max(0, spent - cost));
  }

  /** Replaces a reservation by what the service says it charged (its characterCount), more or less. */
  async settle(reserved: number, charged: number): Promise<SessionSpending> {
    const spent = await this.change((n) => Math.max(0, n - reserved + charged));
    return {
      spentTokens: spent,
      capTokens: this.cap,
      remainingTokens: Math.max(0, this.cap - spent),
      period: 'today (UTC), every voicectl mcp of this config dir',
    };
  }

  /** Reads the day's count, changes it and writes it back, under the lock; returns the new count. */
  private async change(next: (spent: number) => number): Promise<number> {
    const { default: lockfile } = await import('proper-lockfile');
    await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
    const unlock = await lockfile.lock(this.file, {
      realpath: false,
      stale: 10_000,
      retries: { retries: 50, minTimeout: 10, maxTimeout: 100 },
      onCompromised: () => undefined,
    });
    try {
      const day = new Date(this.now()).toISOString().slice(0, 10);
      const stored = await readJson<Spent>(this.file);
      const spent = stored?.day === day && Number.isFinite(stored.tokens) ? stored.tokens : 0;
      const tokens = next(spent);
      const tmp = `${this.file}.${randomBytes(4).toString('hex')}.tmp`;
      const handle = await open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
      try {
        await handle.writeFile(JSON.stringify({ day, tokens } satisfies Spent));
      } finally {
        await handle.close();
      }
      await rename(tmp, this.file);
      return tokens;
    } finally {
      await unlock();
    }
  }
}

/**
 * Characters a text may be charged for: the reference says "characters" without saying how they are counted, and a
 * service counting UTF-16 units charges an emoji twice. The larger count, so that the cap holds either way.
 */
export function chargeableCharacters(text: string): number {
  let codePoints = 0;
  for (const _ of text) codePoints++;
  return Math.max(text.length, codePoints);
}

/** JSON with object keys sorted, so that the same body hashes the same whatever order its fields came in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

export type PlanKind = 'campaigns_create' | 'campaigns_start';

/** What a plan was shown for: a hash of what the action would send (the exact body, or the campaign to start). */
function subjectHash(kind: PlanKind, subject: unknown): string {
  return createHash('sha256')
    .update(`${kind}\n${canonicalJson(subject)}`)
    .digest('hex');
}

/** How long a plan shown stays usable. */
export const PLAN_TTL_MS = 60 * 60 * 1000;
const PLAN_ID = /^plan_[0-9a-f]{32}$/;

interface StoredPlan {
  kind: PlanKind;
  hash: string;
  expires: number;
}

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_RDONLY } = constants;

/**
 * Plans shown, one file each in `<config dir>/mcp-plans` (0700, files 0600): an action runs only with the id of a
 * plan shown for exactly what it would send, within the hour, once. Ids are random, so the same body asked for
 * twice gets two ids, and knowing the body does not give the id. Using a plan renames its file away first: of two
 * servers given the same id at once, one wins.
 */
export class Plans {
  private nextPrune = Number.NEGATIVE_INFINITY;
  private pruning: Promise<void> | undefined;

  constructor(
    private readonly dir: string,
    private readonly now: () => number,
    private readonly host: Host,
  ) {}

  async show(kind: PlanKind, subject: unknown): Promise<string> {
    await this.ready();
    await this.prune();
    const id = `plan_${randomBytes(16).toString('hex')}`;
    const plan: StoredPlan = { kind, hash: subjectHash(kind, subject), expires: this.now() + PLAN_TTL_MS };
    const handle = await open(join(this.dir, `${id}.json`), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
    try {
      await handle.writeFile(JSON.stringify(plan));
      // Dated by the session's clock, which prune() reads.
      const shown = new Date(this.now());
      await handle.utimes(shown, shown);
    } finally {
      await handle.close();
    }
    return id;
  }

  /** Consumes `given` if it is a plan shown for `subject`; otherwise throws, and nothing is sent. */
  async take(kind: PlanKind, subject: unknown, given: string): Promise<void> {
    const unknown = () =>
      new GateError(
        `planId ${given} is not a plan shown by voicectl mcp, or it expired, or it was used; nothing was sent`,
        {
          hints: ['Call again without planId to get the plan, show it, then pass its planId.'],
        },
      );
    if (!PLAN_ID.test(given)) throw unknown();
    await this.ready();
    const file = join(this.dir, `${given}.json`);
    const plan = await readPlan(file);
    if (!plan || plan.expires <= this.now()) throw unknown();
    if (plan.kind !== kind || plan.hash !== subjectHash(kind, subject)) {
      throw new GateError(
        `planId ${given} does not match ${kind === 'campaigns_create' ? 'this body' : 'this campaign'}: the arguments differ from the plan that was shown; nothing was sent`,
        { hints: ['Call again without planId to get the plan of these arguments, show it, then pass its planId.'] },
      );
    }
    const claimed = `${file}.used-${randomBytes(4).toString('hex')}`;
    try {
      await rename(file, claimed);
    } catch {
      throw unknown();
    }
    await unlink(claimed).catch(() => undefined);
  }

  /** The folder, created 0700; refused when it is a link, someone else's, or writable by others (POSIX modes). */
  private async ready(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const st = await lstat(this.dir);
    const shared = st.isDirectory() ? sharedFolder(this.dir, this.host) : { why: 'is not a folder', fix: '' };
    if (shared)
      throw new CliError(
        `${this.dir} must be a folder of yours that no one else can write (it holds the plans voicectl mcp showed); nothing was sent`,
        { hints: [shared.fix ? `Remove it, or make it yours with mode 700 (${shared.fix}).` : 'Remove it.'] },
      );
  }

  /**
   * Removes the files of plans past their hour, by their time alone (a plan's file is dated when it is shown): no
   * plan is read, so a folder of 1,000 live plans costs one listing, and a file that is not a plan (a half-written
   * one, a used one, a FIFO) never stalls it. At most once a minute, one at a time: 3,000 calls at once share it.
   */
  private prune(): Promise<void> {
    if (this.now() < this.nextPrune) return this.pruning ?? Promise.resolve();
    this.nextPrune = this.now() + PRUNE_EVERY_MS;
    this.pruning = (async () => {
      const dead = this.now() - PLAN_TTL_MS;
      for (const name of await readdir(this.dir).catch(() => [] as string[])) {
        const file = join(this.dir, name);
        if (((await lstat(file).catch(() => undefined))?.mtimeMs ?? Infinity) <= dead)
          await unlink(file).catch(() => undefined);
      }
    })().finally(() => {
      this.pruning = undefined;
    });
    return this.pruning;
  }
}

/** How often a server removes the plans past their hour. */
const PRUNE_EVERY_MS = 60_000;

async function readPlan(file: string): Promise<StoredPlan | undefined> {
  const p = await readJson<StoredPlan>(file);
  return p && typeof p.hash === 'string' && typeof p.expires === 'number' ? p : undefined;
}

/** A small JSON file of ours, never through a link; undefined when it is missing or unreadable. */
async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    // Never waits on a FIFO put where a plan would be, and reads only a regular file.
    const handle = await open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    try {
      if (!(await handle.stat()).isFile()) return undefined;
      return JSON.parse(await handle.readFile('utf8')) as T;
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}
