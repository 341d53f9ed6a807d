// The sandbox's simulated dialer. No timers: advanceCampaign() replays, in simulated time, everything
// that happened between the last request and `now`, so the state can be saved to a file between
// processes and a later command sees the campaign as if a dialer had been running all along.
//
// Clock: from the moment a campaign starts, its dialer clock runs settings.timeScale times faster than
// the wall clock (sim = originSim + (now - originReal) * timeScale). Calling days and window, retry
// delays and call durations are measured on that clock; call records carry the wall-clock times.
// Each contact follows the shared attempt plan (src/campaigns/plan.ts).
import { planAttempt } from '../campaigns/plan.js';
import { inWindow, isoInstant, nextWindowStart } from '../campaigns/window.js';
import { CALL_OUTCOMES, type CallOutcome } from '../facts.js';
import type { SandboxCall } from '../schemas/calls.js';
import type { CampaignCreate } from '../schemas/campaigns.js';
import type { SandboxSettings } from './settings.js';
import { newId } from './state.js';

interface ContactProgress {
  status: 'pending' | 'calling' | 'completed' | 'failed';
  /** Calls finished so far. */
  attempts: number;
  /** Dialer-clock ms from which the next attempt may start. */
  nextAt: number;
  lastOutcome: CallOutcome | null;
  call: {
    attempt: number;
    toNumber: string;
    fromNumber: string;
    startAt: number;
    endAt: number;
    outcome: CallOutcome;
  } | null;
}

interface DialerState {
  /** Simulated seconds per real second, fixed when it started: a sandbox restarted with another speed keeps it. */
  scale?: number;
  originReal: number;
  originSim: number;
  /** Dialer-clock ms of the last event processed. */
  cursor: number;
  contacts: ContactProgress[];
}

export interface Counters {
  total: number;
  pending: number;
  inProgress: number;
  completed: number;
  failed: number;
  calls: number;
}

type CampaignStatus = 'DRAFT' | 'SCHEDULED' | 'RUNNING' | 'PAUSED' | 'COMPLETED';

/** The sandbox's campaign record (stored; `dialer` and `orgId` never leave the sandbox). */
export interface SandboxCampaign extends Omit<CampaignCreate, 'startImmediately'> {
  id: string;
  orgId: string;
  status: CampaignStatus;
  counters: Counters;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  completedAt: string | null;
  dialer: DialerState | null;
}

/** Seconds a call lasts on the dialer clock, by outcome. */
const DURATION: Record<CallOutcome, [number, number]> = {
  answered: [45, 180],
  no_answer: [30, 0],
  busy: [8, 0],
  voicemail: [25, 10],
  failed: [3, 0],
};
/** Weights of seeded outcomes (out of 100). */
const WEIGHTS: [CallOutcome, number][] = [
  ['answered', 45],
  ['no_answer', 25],
  ['busy', 10],
  ['voicemail', 10],
  ['failed', 10],
];

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The weights of the draw: the scenario's mix (or the default), with `failureRate` setting the share not answered. */
function weightsOf(settings: SandboxSettings): [CallOutcome, number][] {
  const mix: [CallOutcome, number][] = settings.outcomeWeights
    ? WEIGHTS.map(([o]) => [o, settings.outcomeWeights?.[o] ?? 0])
    : WEIGHTS;
  const rate = settings.failureRate;
  if (rate === undefined) return mix;
  const others = mix.filter(([o]) => o !== 'answered');
  const sum = others.reduce((n, [, w]) => n + w, 0);
  // No other outcome in the mix: the calls not answered fail.
  const share: [CallOutcome, number][] = sum > 0 ? others.map(([o, w]) => [o, (rate * w) / sum]) : [['failed', rate]];
  return [['answered', 1 - rate], ...share];
}

/**
 * The outcome of one attempt: a function of the settings, the campaign's name, the contact, the attempt and the
 * number dialled only, so that the same campaign created again (a CI job run twice) replays the same outcomes.
 */
function outcomeOf(
  settings: SandboxSettings,
  campaign: Pick<SandboxCampaign, 'name'>,
  contactIndex: number,
  attempt: number,
  toNumber: string,
): { outcome: CallOutcome; seconds: number } {
  const h = fnv1a(`${settings.seed}:${campaign.name}:${contactIndex}:${attempt}`);
  let outcome: CallOutcome =
    settings.outcomesByNumber?.[toNumber] ?? settings.dialerOutcome ?? draw(weightsOf(settings), h);
  if (!CALL_OUTCOMES.includes(outcome)) outcome = 'failed';
  const [base, spread] = DURATION[outcome];
  return { outcome, seconds: base + (spread ? (h >>> 8) % spread : 0) };
}

/** A weighted draw from the hash `h`. */
function draw(weights: [CallOutcome, number][], h: number): CallOutcome {
  const total = weights.reduce((n, [, w]) => n + w, 0);
  let r = ((h % 1_000_003) / 1_000_003) * total;
  for (const [o, w] of weights) {
    if (r < w) return o;
    r -= w;
  }
  return weights.findLast(([, w]) => w > 0)?.[0] ?? 'answered';
}

export function countersOf(c: Pick<SandboxCampaign, 'contacts' | 'dialer'>): Counters {
  const total = c.contacts.length;
  if (!c.dialer) return { total, pending: total, inProgress: 0, completed: 0, failed: 0, calls: 0 };
  const n = { total, pending: 0, inProgress: 0, completed: 0, failed: 0, calls: 0 };
  for (const p of c.dialer.contacts) {
    n.calls += p.attempts;
    if (p.status === 'pending') n.pending++;
    else if (p.status === 'calling') n.inProgress++;
    else if (p.status === 'completed') n.completed++;
    else n.failed++;
  }
  return n;
}

/** Starts (or resumes) the dialer at wall-clock `at`. */
export function startDialer(c: SandboxCampaign, at: number, settings?: SandboxSettings): void {
  const iso = new Date(at).toISOString();
  if (c.dialer) {
    c.dialer.originSim = c.dialer.cursor;
    c.dialer.originReal = at;
  } else {
    c.dialer = {
      scale: settings?.timeScale,
      originReal: at,
      originSim: at,
      cursor: at,
      contacts: c.contacts.map(() => ({ status: 'pending', attempts: 0, nextAt: at, lastOutcome: null, call: null })),
    };
  }
  c.status = 'RUNNING';
  c.startedAt ??= iso;
  c.updatedAt = iso;
}

/** What one replay of a running campaign works with: its fixed parameters and the two queues of contacts. */
interface Replay {
  c: SandboxCampaign;
  d: DialerState;
  calls: SandboxCall[];
  settings: SandboxSettings;
  /** Lines the campaign may use at once. */
  lines: number;
  /** Attempts per contact, the first one included. */
  attempts: number;
  /** Dialer-clock ms between the end of a call and the next attempt. */
  delay: number;
  toReal: (sim: number) => string;
  open: (ms: number) => boolean;
  /** Contacts waiting for an attempt. */
  heap: MinHeap;
  /** Contacts in a call. */
  active: number[];
}

/** Moves one campaign forward to wall-clock `now`, appending finished calls to `calls`. */
export function advanceCampaign(
  c: SandboxCampaign,
  calls: SandboxCall[],
  now: number,
  settings: SandboxSettings,
): void {
  const at = c.scheduledAt ? isoInstant(c.scheduledAt, c.timezone) : undefined;
  if (c.status === 'SCHEDULED' && at !== undefined && at <= now)
    startDialer(c, Math.max(at, Date.parse(c.createdAt)), settings);
  if (c.status !== 'RUNNING' || !c.dialer) return;
  const d = c.dialer;
  const scale = d.scale ?? settings.timeScale;
  const target = d.originSim + (now - d.originReal) * scale;
  const r = replayOf(c, d, calls, settings, scale);
  let cursor = d.cursor;
  let changed = false;
  for (let guard = 0; guard < 10_000_000; guard++) {
    changed = endCalls(r, cursor) || changed;
    changed = startCalls(r, cursor) || changed;
    if (r.active.length === 0 && r.heap.size === 0) {
      c.status = 'COMPLETED';
      c.completedAt = r.toReal(cursor);
      break;
    }
    const next = nextEvent(r, cursor);
    if (!(next <= target)) break;
    cursor = next;
  }
  d.cursor = cursor;
  c.counters = countersOf(c);
  if (changed) c.updatedAt = new Date(Math.min(now, Date.parse(r.toReal(cursor)))).toISOString();
}

function replayOf(
  c: SandboxCampaign,
  d: DialerState,
  calls: SandboxCall[],
  settings: SandboxSettings,
  scale: number,
): Replay {
  // Waiting contacts in a heap ordered by (due time, index), calls in progress in a short list (at most
  // `lines`): each event costs O(log n), so a campaign of many thousands of contacts replays quickly.
  const heap = new MinHeap((a: number, b: number) => d.contacts[a].nextAt - d.contacts[b].nextAt || a - b);
  const active: number[] = [];
  d.contacts.forEach((p, i) =>
    p.status === 'pending' ? heap.push(i) : p.status === 'calling' ? active.push(i) : undefined,
  );
  return {
    c,
    d,
    calls,
    settings,
    lines: Math.max(1, (c.maxConcurrency ?? settings.dialerLines) - (c.keepFreeForInbound ?? 0)),
    attempts: 1 + c.maxRetries,
    delay: c.retryDelayMinutes * 60_000,
    toReal: (sim) => new Date(d.originReal + (sim - d.originSim) / scale).toISOString(),
    // A scenario may turn the window off (callingWindow: ignore): calls then start whenever a line is free.
    open: (ms) => settings.callingWindow === 'ignore' || inWindow(ms, c),
    heap,
    active,
  };
}

/** Calls that have ended by the cursor become records, in the order they ended. True if any did. */
function endCalls(r: Replay, cursor: number): boolean {
  const { d, active } = r;
  const ending = active
    .filter((i) => d.contacts[i].call!.endAt <= cursor)
    .sort((a, b) => d.contacts[a].call!.endAt - d.contacts[b].call!.endAt || a - b);
  for (const i of ending) {
    active.splice(active.indexOf(i), 1);
    endCall(r, i);
  }
  return ending.length > 0;
}

/** Records contact `i`'s call and decides what comes next for the contact: done, given up, or retried later. */
function endCall(r: Replay, i: number): void {
  const { c } = r;
  const p = r.d.contacts[i];
  const call = p.call!;
  r.calls.push({
    id: newId('call'),
    orgId: c.orgId,
    campaignId: c.id,
    contactIndex: i,
    attempt: call.attempt,
    direction: 'OUTBOUND',
    toNumber: call.toNumber,
    fromNumber: call.fromNumber,
    status: call.outcome,
    durationSeconds: Math.round((call.endAt - call.startAt) / 1000),
    startedAt: r.toReal(call.startAt),
    endedAt: r.toReal(call.endAt),
    createdAt: r.toReal(call.startAt),
  });
  p.attempts = call.attempt;
  p.lastOutcome = call.outcome;
  p.call = null;
  if (call.outcome === 'answered') p.status = 'completed';
  else if (p.attempts >= r.attempts) p.status = 'failed';
  else {
    p.status = 'pending';
    p.nextAt = call.endAt + r.delay;
    r.heap.push(i);
  }
}

/** Whether a line is free and the earliest waiting contact is due by the cursor. */
function canStart(r: Replay, cursor: number): boolean {
  return r.active.length < r.lines && r.heap.size > 0 && r.d.contacts[r.heap.peek()!].nextAt <= cursor;
}

/** Due contacts start, earliest due first (then lowest index), while lines are free and the window is open. */
function startCalls(r: Replay, cursor: number): boolean {
  if (!canStart(r, cursor) || !r.open(cursor)) return false;
  while (canStart(r, cursor)) {
    const i = r.heap.pop()!;
    const p = r.d.contacts[i];
    const attempt = p.attempts + 1;
    const plan = planAttempt(r.c, r.c.contacts[i], attempt);
    const { outcome, seconds } = outcomeOf(r.settings, r.c, i, attempt, plan.toNumber);
    p.status = 'calling';
    p.call = {
      attempt,
      toNumber: plan.toNumber,
      fromNumber: plan.fromNumber,
      startAt: cursor,
      endAt: cursor + seconds * 1000,
      outcome,
    };
    r.active.push(i);
  }
  return true;
}

/** The next moment something can happen: a call ends, a contact falls due, or the window opens for one that is. */
function nextEvent(r: Replay, cursor: number): number {
  const { d, heap } = r;
  let next = Infinity;
  for (const i of r.active) next = Math.min(next, d.contacts[i].call!.endAt);
  if (heap.size > 0) {
    const due = d.contacts[heap.peek()!].nextAt;
    if (due > cursor) next = Math.min(next, due);
    else if (r.active.length < r.lines) next = Math.min(next, nextWindowStart(cursor + 1, r.c) ?? Infinity);
  }
  return next;
}

/** A binary min-heap of contact indices. */
class MinHeap {
  private readonly items: number[] = [];
  constructor(private readonly less: (a: number, b: number) => number) {}
  get size(): number {
    return this.items.length;
  }
  peek(): number | undefined {
    return this.items[0];
  }
  push(v: number): void {
    const a = this.items;
    a.push(v);
    for (let i = a.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (this.less(a[i], a[parent]) >= 0) break;
      [a[i], a[parent]] = [a[parent], a[i]];
      i = parent;
    }
  }
  pop(): number | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.less(a[l], a[m]) < 0) m = l;
        if (r < a.length && this.less(a[r], a[m]) < 0) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }
}
