// How a campaign stands, read from its record: whether it can still change by itself, whether it finished, and how
// many of its contacts were reached. The reference names neither the counters nor the statuses after a start
// (2.3, 3.2), so every reading is lenient: what the record does not say is undefined, never a guess.
import { cell } from '../io/format.js';

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

/** "3 contacts: completed 2 · failed 1 · calls 5": the counters the record has, in one short line. */
export function progressText(p: CampaignProgress): string {
  const c = p.counters ?? {};
  const total = num(c.total);
  const parts = ['completed', 'failed', 'inProgress', 'pending', 'calls']
    .filter((k) => num(c[k]) !== undefined && (k === 'completed' || k === 'failed' || c[k] !== 0))
    .map((k) => `${k === 'inProgress' ? 'calling' : k} ${c[k]}`);
  return `${total !== undefined ? `${total} contact${total === 1 ? '' : 's'}: ` : ''}${parts.join(' · ')}`;
}
