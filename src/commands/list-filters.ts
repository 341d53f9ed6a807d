// Filters every list takes, the same everywhere: --status, --since/--until, and a field of the record (the
// recipient). Where the API filters (tts' status, messages' channel) the command sends the filter; the ones here are
// applied by voicectl while it walks the pages, and a walk of a list that comes newest first stops at the first
// record older than --since. Light: no client, no output.
import * as z from 'zod/mini';
import { reject } from '../schemas/common.js';
import type { Flag } from './define.js';

/** A moment as typed: a time before now (`24h`, `7d`, `90m`), or a point in time. Resolved against the clock. */
export type When = { ago: number; text: string } | { at: number; text: string };

const UNIT_MS: Record<string, number> = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 };
const AGO =
  /^(?:(\d+(?:\.\d+)?)w)?(?:(\d+(?:\.\d+)?)d)?(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m)?(?:(\d+(?:\.\d+)?)s)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** An ISO 8601 date and time; without Z or an offset it is local time (as Date.parse reads it). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/** `24h`, `7d`, `1d12h`, `30m` (before now); `2026-11-27` (local midnight); `2026-11-27T18:00`, `...Z`, `...+01:00`. */
function parseWhen(typed: string): When | undefined {
  const t = typed.trim();
  const ago = AGO.exec(t);
  if (t !== '' && ago) {
    const ms = ['w', 'd', 'h', 'm', 's'].reduce((sum, u, i) => sum + Number(ago[i + 1] ?? 0) * UNIT_MS[u], 0);
    return ms > 0 ? { ago: ms, text: t } : undefined;
  }
  const date = DATE.exec(t);
  if (date) {
    const d = new Date(Number(date[1]), Number(date[2]) - 1, Number(date[3]));
    return d.getMonth() === Number(date[2]) - 1 ? { at: d.getTime(), text: t } : undefined;
  }
  if (DATE_TIME.test(t)) {
    const at = Date.parse(t.replace(' ', 'T'));
    return Number.isNaN(at) ? undefined : { at, text: t };
  }
  return undefined;
}

const resolveWhen = (w: When, now: number): number => ('ago' in w ? now - w.ago : w.at);

const WHEN_RULE =
  'must be a time before now such as 24h, 7d or 90m, a date such as 2026-11-27 (local midnight), or a date and time such as 2026-11-27T18:00 or 2026-11-27T17:00Z';

const whenSchema = z.optional(
  z.pipe(
    z.string(),
    z.transform((typed: string, ctx): When => parseWhen(typed) ?? reject(ctx, WHEN_RULE)),
  ),
);

const listOf = z.optional(
  z
    .pipe(
      z.string(),
      z.transform((s: string) =>
        s
          .split(',')
          .map((x) => x.trim().toLowerCase())
          .filter(Boolean),
      ),
    )
    .check(z.refine((l: string[]) => l.length > 0, 'must name at least one status, such as failed')),
);

/** --since and --until, on the record's `field` (createdAt where it has one). */
export function timeFilters(what: string, newestFirst: boolean) {
  return {
    since: {
      flag: '--since <when>',
      help: `only ${what} from this time on: 24h, 7d (before now), 2026-11-27, 2026-11-27T18:00${newestFirst ? '; the walk stops at the first older one (the list comes newest first)' : ''}`,
      schema: whenSchema,
      complete: [],
      mcp: false,
    },
    until: {
      flag: '--until <when>',
      help: `only ${what} before this time: 24h, 7d (before now), 2026-11-28, 2026-11-28T09:00`,
      schema: whenSchema,
      complete: [],
      mcp: false,
    },
  } satisfies Record<string, Flag>;
}

/** --status, comma-separated, compared without case, applied while paging (the API does not filter on it). */
export function statusFilter(what: string, values: readonly string[]) {
  return {
    flag: '--status <list>',
    help: `only ${what} with these statuses, comma-separated: ${values.join(', ')} (filtered while paging)`,
    schema: listOf,
    complete: values,
    mcp: false,
  } satisfies Flag;
}

/** A filter on one text field of the record (the recipient): the value as given, spaces and case aside. */
export function fieldFilter(flag: string, help: string) {
  return {
    flag,
    help: `${help} (filtered while paging)`,
    schema: z.optional(z.string().check(z.trim(), z.minLength(1, 'must not be empty'))),
    mcp: false,
  } satisfies Flag;
}

type Rec = Record<string, unknown>;

/** What runList does with the filters: which records to keep, and when a newest-first walk may stop. */
export interface RecordFilter<T> {
  keep(r: T): boolean;
  /** True for a record older than --since: in a newest-first list, every record after it is older still. */
  older?(r: T): boolean;
  /** The filters as the user gave them, for the message of an empty list: "status failed, since 24h". */
  text: string;
}

const norm = (v: unknown) =>
  String(v ?? '')
    .replace(/\s+/g, '')
    .toLowerCase();

/**
 * The filter of `opts` (its status, since, until and field values) for records whose time is `timeKey` (createdAt,
 * else startedAt); undefined when no filter is given. `fields`: flag name → the record's keys to compare.
 */
export function recordFilter<T extends Rec>(
  opts: { status?: string[]; since?: When; until?: When } & Record<string, unknown>,
  now: number,
  fields: Record<string, string[]> = {},
  newestFirst = false,
): RecordFilter<T> | undefined {
  const since = opts.since && resolveWhen(opts.since, now);
  const until = opts.until && resolveWhen(opts.until, now);
  const given = Object.entries(fields).filter(([flag]) => typeof opts[flag] === 'string');
  if (!opts.status?.length && since === undefined && until === undefined && given.length === 0) return undefined;
  const time = (r: T) => Date.parse(String(r.createdAt ?? r.startedAt ?? ''));
  const text = [
    opts.status?.length ? `status ${opts.status.join(' or ')}` : '',
    opts.since ? `since ${opts.since.text}` : '',
    opts.until ? `until ${opts.until.text}` : '',
    ...given.map(([flag]) => `${flag} ${String(opts[flag])}`),
  ]
    .filter(Boolean)
    .join(', ');
  return {
    keep(r) {
      if (opts.status?.length && !opts.status.includes(String(r.status ?? '').toLowerCase())) return false;
      const t = time(r);
      if (since !== undefined && !(t >= since)) return false;
      if (until !== undefined && !(t < until)) return false;
      return given.every(([flag, keys]) => keys.some((k) => norm(r[k]) === norm(opts[flag])));
    },
    ...(newestFirst && since !== undefined ? { older: (r: T) => time(r) < since } : {}),
    text,
  };
}

/**
 * The records `filter` keeps, as they come; ends at the first record older than --since while the records have come
 * newest first (ending this generator ends the walk of the pages under it).
 */
export async function* filtering<T extends Rec>(records: AsyncIterable<T>, filter: RecordFilter<T>): AsyncGenerator<T> {
  let previous = Number.POSITIVE_INFINITY;
  let sorted = true;
  for await (const r of records) {
    const t = Date.parse(String(r.createdAt ?? r.startedAt ?? ''));
    if (t > previous) sorted = false;
    if (!Number.isNaN(t)) previous = t;
    if (filter.older && sorted && filter.older(r)) return;
    if (filter.keep(r)) yield r;
  }
}
