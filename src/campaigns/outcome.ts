// How a campaign stands, read from its record: whether it can still change by itself, whether it finished, and how
// many of its contacts were reached. The reference names neither the counters nor the statuses after a start
// (2.3, 3.2), so every reading is lenient: what the record does not say is undefined, never a guess.
import { cell, duration } from '../io/format.js';
import { inWindow, nextWindowStart, type WindowRule } from './window.js';

type Rec = Record<string, unknown>;

/** States in which a campaign changes by itself (the sandbox's names; the reference names no state after a start). */
const MOVING_STATUSES = ['RUNNING', 'SCHEDULED'] as const;
/** States from which only `campaigns start` moves it: waiting for it to finish would wait forever. */
const UNSTARTED_STATUSES = ['DRAFT', 'PAUSED'] as const;

export type Stage = 'moving' | 'unstarted' | 'finished';

export function stageOf(c: Rec): Stage {
  const s = String(c.status ?? '').toUpperCase();
  if ((MOVING_STATUSES as readonly string[]).includes(s)) return 'moving';
  if ((UNSTARTED_STATUSES as readonly string[]).includes(s)) return 'unstarted';
  return 'finished';
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/**
 * Contacts not reached: those whose progress says `failed` (out of attempts without an answer), from
 * `contactProgress` when the record has it, else the `failed` counter; undefined when neither says.
 */
function notReachedOf(c: Rec): number | undefined {
  if (Array.isArray(c.contactProgress))
    return (c.contactProgress as Rec[]).filter((p) => String(p?.status ?? '') === 'failed').length;
  const counters = c.counters && typeof c.counters === 'object' ? (c.counters as Rec) : {};
  return num(counters.failed);
}

/** What a wait reports of one campaign at each change: small, whatever the number of contacts. */
export interface CampaignProgress {
  id: string;
  name: string | null;
  status: string;
  counters: Rec | null;
  /** Contacts out of attempts without an answer; null when the record does not say. */
  notReached: number | null;
  completedAt: string | null;
}

export function progressOf(id: string, c: Rec): CampaignProgress {
  return {
    id: typeof c.id === 'string' ? c.id : id,
    name: typeof c.name === 'string' ? c.name : null,
    status: cell(c.status) || 'unknown',
    counters: c.counters && typeof c.counters === 'object' ? (c.counters as Rec) : null,
    notReached: notReachedOf(c) ?? null,
    completedAt: typeof c.completedAt === 'string' ? c.completedAt : null,
  };
}

/**
 * A campaign record for an agent: its settings and counters without the per-contact lists (`contacts`,
 * `contactProgress`), which grow with the campaign (242,000 characters for 1,000 contacts): campaigns_results pages
 * them. The count says how many there are.
 */
export function campaignDigest(c: Rec): Rec {
  const { contacts, contactProgress: _progress, ...rest } = c;
  return { ...rest, contactsCount: Array.isArray(contacts) ? contacts.length : null };
}

/** "3 contacts: completed 2 · failed 1 · calls 5": the counters the record has, in one short line. */
export function progressText(p: CampaignProgress): string {
  const c = p.counters ?? {};
  const total = num(c.total);
  const parts = ['completed', 'failed', 'inProgress', 'pending', 'calls']
    .filter((k) => num(c[k]) !== undefined && (k === 'completed' || k === 'failed' || c[k] !== 0))
    .map((k) => `${k === 'inProgress' ? 'calling' : k} ${c[k]}`);
  return `${total !== undefined ? `${total} contact${total === 1 ? '' : 's'}: ` : ''}${parts.join(' · ')}`;
}

/** When a running campaign waits for its calling window: when it opens, in the campaign's time zone and from now. */
export interface WindowWait {
  /** "Mon 09:00 Europe/Rome". */
  opens: string;
  /** Real milliseconds until then (the sandbox's clock runs faster). */
  inMs: number;
  /** The sandbox's clock speed, when the record carries it (sandboxClock) and it is not 1. */
  speed?: number;
}

/**
 * Whether `c` waits for its calling window at `now`: RUNNING, nobody in a call, contacts left, and the window closed
 * (in the sandbox, on its own clock: `sandboxClock`). Undefined when it does not, or the record does not say enough.
 */
export function windowWait(c: Rec, now: number): WindowWait | undefined {
  if (String(c.status ?? '').toUpperCase() !== 'RUNNING' || typeof c.timezone !== 'string') return undefined;
  const counters = c.counters && typeof c.counters === 'object' ? (c.counters as Rec) : {};
  if (num(counters.inProgress) !== 0 || !((num(counters.pending) ?? 0) > 0)) return undefined;
  const rule: WindowRule = {
    timezone: c.timezone,
    callingDays: Array.isArray(c.callingDays) ? (c.callingDays as number[]) : undefined,
    callingStartTime: typeof c.callingStartTime === 'string' ? c.callingStartTime : undefined,
    callingEndTime: typeof c.callingEndTime === 'string' ? c.callingEndTime : undefined,
  };
  if (!rule.callingDays && !rule.callingStartTime && !rule.callingEndTime) return undefined;
  const clock = c.sandboxClock && typeof c.sandboxClock === 'object' ? (c.sandboxClock as Rec) : {};
  const simNow = typeof clock.now === 'string' && Number.isFinite(Date.parse(clock.now)) ? Date.parse(clock.now) : now;
  const speed = num(clock.speed) && (clock.speed as number) > 0 ? (clock.speed as number) : 1;
  let next: number | undefined;
  try {
    if (inWindow(simNow, rule)) return undefined;
    next = nextWindowStart(simNow, rule);
  } catch {
    return undefined; // a time zone this runtime does not know
  }
  if (next === undefined) return undefined;
  const opens = new Intl.DateTimeFormat('en-GB', {
    timeZone: rule.timezone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(next);
  return {
    opens: `${opens.replace(',', '')} ${rule.timezone}`,
    inMs: (next - simNow) / speed,
    ...(speed !== 1 ? { speed } : {}),
  };
}

/** "waiting for the calling window: opens Mon 09:00 Europe/Rome, in 8m (sandbox clock, 60x)". */
export function windowWaitText(w: WindowWait): string {
  return `waiting for the calling window: opens ${w.opens}, in ${duration(Math.max(0, w.inMs), 'rounded')}${w.speed ? ` (sandbox clock, ${w.speed}x)` : ''}`;
}
