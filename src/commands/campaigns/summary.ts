// What `campaigns create` shows before it sends: the body as a summary and the attempt plan, on a terminal
// or as JSON (shared with `voicectl mcp`'s plan tool).
import type { Writable } from 'node:stream';
import type { ContactPlan, PlannedAttempt } from '../../campaigns/plan.js';
import type { Factory } from '../../factory.js';
import { printList } from '../../io/output.js';
import { terminalSafe } from '../../io/safe.js';
import { write } from '../../io/streams.js';
import type { CampaignCreate } from '../../schemas/campaigns.js';
import { attemptsText, callerIdsText, windowText } from './shared.js';

/** The summary of a create body, as label and value (shared with `voicectl mcp`'s plan). */
export function summaryLines(body: CampaignCreate, startWith = '`voicectl campaigns start <id>`'): [string, string][] {
  const r = body as unknown as Record<string, unknown>;
  const start = body.startImmediately
    ? 'immediately (startImmediately)'
    : body.scheduledAt
      ? `at ${body.scheduledAt} (SCHEDULED)`
      : `not yet: created as DRAFT, start it with ${startWith}`;
  const rows: [string, string][] = [
    ['Name', body.name],
    ['Agent', body.agentId],
    ['Caller ID', body.fromNumber],
    ['Per attempt', callerIdsText(r)],
    [
      'Contacts',
      `${body.contacts.length}${body.contactAttemptStrategy ? ` (alternatives: ${body.contactAttemptStrategy})` : ''}`,
    ],
    ['Attempts', attemptsText(r)],
    ['Window', windowText(r)],
    [
      'Concurrency',
      body.maxConcurrency !== undefined
        ? `${body.maxConcurrency}, ${body.keepFreeForInbound} kept free for inbound`
        : body.keepFreeForInbound
          ? `${body.keepFreeForInbound} kept free for inbound`
          : '',
    ],
    [
      'Variables',
      Object.entries(body.variableMapping ?? {})
        .map(([v, k]) => `${v} ← ${k}`)
        .join(', '),
    ],
    ['Starts', start],
  ];
  return rows.filter(([, v]) => v !== '');
}

/** The fields an attempt's contact_attempts entry overrides (those that differ from attempt 1's), or undefined. */
function attemptOverrides(c: ContactPlan, a: PlannedAttempt): Record<string, unknown> | undefined {
  const base = c.attempts[0].fields;
  const changed = Object.entries(a.fields).filter(([k, v]) => JSON.stringify(base[k]) !== JSON.stringify(v));
  return changed.length ? Object.fromEntries(changed) : undefined;
}

function planRows(plan: ContactPlan[]): Record<string, unknown>[] {
  return plan.flatMap((c) =>
    c.attempts.map((a) => ({
      contact: a.attempt === 1 ? String(c.contactIndex + 1) : '',
      attempt: a.attempt,
      toNumber: a.toNumber,
      fromNumber: a.fromNumber,
      via: `${a.toSource} / ${a.fromSource}`,
      overrides: Object.entries(attemptOverrides(c, a) ?? {})
        .map(([k, v]) => `${k}=${JSON.stringify(v) ?? 'null'}`)
        .join(', '),
    })),
  );
}

const PLAN_COLUMNS = [
  { key: 'contact', header: 'Contact' },
  { key: 'attempt', header: 'Attempt' },
  { key: 'toNumber', header: 'Dials' },
  { key: 'fromNumber', header: 'Caller ID' },
  // On a narrow terminal FROM (where each number came from) gives way first; the JSON plan always has it.
  { key: 'via', header: 'From', drop: 1 },
];
/** Shown only when some attempt of the plan has overrides; cut to the terminal's width. */
const OVERRIDES_COLUMN = { key: 'overrides', header: 'Overrides', fill: 16 };

/** The plan as JSON: per contact, each attempt's number and caller ID (and overrides, when an entry has some). */
/** Contacts an agent is shown in a plan. */
export const PLAN_ROWS = 5;

export function planJson(plan: ContactPlan[]) {
  return plan.map((c) => ({
    contactIndex: c.contactIndex,
    phone_number: c.phone_number,
    attempts: c.attempts.map((a) => {
      const overrides = attemptOverrides(c, a);
      return {
        attempt: a.attempt,
        toNumber: a.toNumber,
        fromNumber: a.fromNumber,
        toSource: a.toSource,
        fromSource: a.fromSource,
        ...(overrides ? { overrides } : {}),
      };
    }),
  }));
}

/**
 * The body's summary, then the attempt plan. `maxLines` (a terminal's rows, less what the caller writes after):
 * the plan is cut so that everything fits and the summary stays on screen, ending with how many rows were left out.
 */
export async function printSummary(
  f: Factory,
  body: CampaignCreate,
  plan: ContactPlan[],
  stream: Writable,
  title: string,
  maxLines?: number,
): Promise<void> {
  // Names, descriptions and fields come from files: shown safe for the terminal (src/io/safe.ts).
  // The start command as this one was run (with --sandbox or --profile, as the other hints say it).
  const rows = summaryLines(body, `\`${f.commandLine.invocation()} campaigns start <id>\``).map(([k, v]) => [
    k,
    terminalSafe(String(v)),
  ]);
  const { renderTable, loadWidthsFor } = await import('../../io/table.js');
  await loadWidthsFor(rows);
  await write(stream, `${title}\n${renderTable(rows, { indent: 2 })}\n`);
  const attempts = planRows(plan);
  const columns = attempts.some((r) => r.overrides !== '') ? [...PLAN_COLUMNS, OVERRIDES_COLUMN] : PLAN_COLUMNS;
  const partial = plan.length < body.contacts.length;
  // Title, summary, the blank line and the plan's header, the partial plan's note and the line of rows left out.
  const used = title.split('\n').length + rows.length + 2 + (partial ? 1 : 0) + 1;
  const room = maxLines === undefined ? attempts.length : Math.max(3, maxLines - used);
  const shown = attempts.length > room ? attempts.slice(0, room) : attempts;
  await printList({ ...f.io, out: stream }, { format: 'table', quiet: false }, shown, { columns });
  if (shown.length < attempts.length)
    await write(
      stream,
      `… and ${attempts.length - shown.length} more rows (to see them all: --dry-run -o table | less)\n`,
    );
  if (partial) await write(stream, `(plan of the first ${plan.length} of ${body.contacts.length} contacts)\n`);
}
