// What the campaigns verbs share: how a campaign reads on a terminal. The reference does not name the
// record's fields (2.3), so every getter tolerates absent or differently shaped values.
import type { Field } from '../../io/output.js';
import { cell } from '../../io/format.js';
import { describeWindow } from '../../campaigns/window.js';

type Rec = Record<string, unknown>;

export function countersText(r: Rec): string {
  const c = r.counters;
  if (!c || typeof c !== 'object') return '';
  return Object.entries(c as Rec)
    .map(([k, v]) => `${k} ${cell(v)}`)
    .join(' · ');
}

export function callerIdsText(r: Rec): string {
  const list = Array.isArray(r.fromNumberAttempts) ? (r.fromNumberAttempts as unknown[]).map(cell) : [];
  if (list.length === 0) return '';
  return `${list.join(', ')}${r.fromNumberStrategy ? ` (${cell(r.fromNumberStrategy)})` : ''}`;
}

export function windowText(r: Rec): string {
  if (typeof r.timezone !== 'string') return '';
  return describeWindow({
    timezone: r.timezone,
    callingDays: Array.isArray(r.callingDays) ? (r.callingDays as number[]) : undefined,
    callingStartTime: typeof r.callingStartTime === 'string' ? r.callingStartTime : undefined,
    callingEndTime: typeof r.callingEndTime === 'string' ? r.callingEndTime : undefined,
  });
}

export function attemptsText(r: Rec): string {
  if (typeof r.maxRetries !== 'number') return '';
  const n = 1 + r.maxRetries;
  return `${n} per contact${r.maxRetries > 0 && typeof r.retryDelayMinutes === 'number' ? `, ${r.retryDelayMinutes} min apart` : ''}`;
}

export const CAMPAIGN_FIELDS: Field[] = [
  { key: 'id', label: 'ID' },
  { key: 'name', label: 'Name' },
  { key: 'status', label: 'Status' },
  { key: 'description', label: 'Description' },
  { key: 'agentId', label: 'Agent' },
  { key: 'fromNumber', label: 'Caller ID' },
  { key: 'fromNumberAttempts', label: 'Per attempt', human: callerIdsText },
  { key: 'maxRetries', label: 'Attempts', human: attemptsText },
  { key: 'window', label: 'Window', human: windowText },
  {
    key: 'maxConcurrency',
    label: 'Concurrency',
    human: (r) =>
      r.maxConcurrency === undefined
        ? ''
        : `${cell(r.maxConcurrency)}${typeof r.keepFreeForInbound === 'number' && r.keepFreeForInbound > 0 ? `, ${r.keepFreeForInbound} kept free for inbound` : ''}`,
  },
  { key: 'counters', label: 'Progress', human: countersText },
  { key: 'scheduledAt', label: 'Scheduled', time: true },
  { key: 'createdAt', label: 'Created', time: true },
  { key: 'startedAt', label: 'Started', time: true },
  { key: 'completedAt', label: 'Completed', time: true },
];

/** What follows a start: watching it, or waiting for its outcome (a script's way); `id` shell-quoted. */
export function followHint(invocation: string, id: string): string {
  return `Follow it with: ${invocation} campaigns show ${id} --watch\nOr wait for its outcome: ${invocation} campaigns wait ${id} --exit-status`;
}
