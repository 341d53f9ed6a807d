// A campaign's report as one HTML page an agency can send to its client: the outcome mix, the calls over time
// against the calling window, who answered, who was not reached, and the follow-up list. Pure: the page from the
// campaign record, its calls and its result rows.
//
// Plain SVG drawn here rather than a chart library: the page must work offline, read by anyone, with no script at
// all (its Content-Security-Policy forbids every script and every request, so hostile text cannot run and the page
// cannot call home). Every chart library draws with JavaScript in the browser; two bar charts are a few rectangles.
// Every string that came from the service goes through htmlSafe (io/safe.ts).
import { csvField } from '../io/format.js';
import { htmlSafe } from '../io/safe.js';
import { asContact, contactColumns, type ResultRow } from './results.js';
import { describeWindow, inWindow, type WindowRule } from './window.js';

type Rec = Record<string, unknown>;

export interface ReportInput {
  campaign: Rec;
  calls: Rec[];
  rows: ResultRow[];
  /** When the report was made (ms). */
  now: number;
}

/** No script, no request: styles inline, images only as data: URIs (none today), no form, no base. */
const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const OUTCOMES = ['answered', 'no_answer', 'busy', 'voicemail', 'failed', 'calling', 'pending'] as const;
const COLOURS: Record<string, string> = {
  answered: '#2e7d32',
  no_answer: '#f9a825',
  busy: '#ef6c00',
  voicemail: '#6a1b9a',
  failed: '#c62828',
  calling: '#1565c0',
  pending: '#9e9e9e',
};
const colour = (outcome: string) => COLOURS[outcome] ?? '#616161';
const label = (outcome: string) => outcome.replace(/_/g, ' ');

const h = (v: unknown): string =>
  htmlSafe(v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

function windowRule(c: Rec): WindowRule | undefined {
  const timezone = str(c.timezone);
  if (!timezone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
  } catch {
    return undefined;
  }
  return {
    timezone,
    callingDays: Array.isArray(c.callingDays) ? (c.callingDays as number[]) : undefined,
    callingStartTime: str(c.callingStartTime),
    callingEndTime: str(c.callingEndTime),
  };
}

/** "2026-03-02 10:05" in the campaign's time zone (UTC without one). */
function timeText(ms: number, timezone = 'UTC'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

function outcomeChart(rows: ResultRow[]): string {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.result, (counts.get(r.result) ?? 0) + 1);
  const order = [
    ...OUTCOMES.filter((o) => counts.has(o)),
    ...[...counts.keys()].filter((k) => !OUTCOMES.includes(k as never)),
  ];
  const total = rows.length;
  const max = Math.max(1, ...counts.values());
  const barH = 26;
  const width = 640;
  const labelW = 120;
  const bars = order
    .map((o, i) => {
      const n = counts.get(o)!;
      const w = Math.max(1, Math.round(((width - labelW - 90) * n) / max));
      const y = i * (barH + 8);
      return `<g class="bar" data-outcome="${h(o)}"><text x="${labelW - 8}" y="${y + 18}" text-anchor="end">${h(label(o))}</text><rect x="${labelW}" y="${y}" width="${w}" height="${barH}" fill="${colour(o)}"><title>${h(label(o))}: ${n}</title></rect><text x="${labelW + w + 6}" y="${y + 18}">${n} (${Math.round((100 * n) / total)}%)</text></g>`;
    })
    .join('');
  const height = Math.max(1, order.length) * (barH + 8);
  return `<svg id="outcome-chart" role="img" aria-label="Outcome of each contact" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${bars}</svg>`;
}

const BUCKETS = [5, 15, 30, 60, 120, 360, 720, 1440].map((m) => m * 60_000);

function attemptsChart(calls: Rec[], rule: WindowRule | undefined): string {
  const timed = calls
    .map((c) => ({ t: Date.parse(str(c.startedAt) ?? str(c.createdAt) ?? ''), outcome: str(c.status) ?? 'unknown' }))
    .filter((c) => !Number.isNaN(c.t));
  if (timed.length === 0) return '<p class="empty">No calls yet.</p>';
  const first = Math.min(...timed.map((c) => c.t));
  const last = Math.max(...timed.map((c) => c.t));
  const size = BUCKETS.find((b) => (last - first) / b < 48) ?? 86_400_000;
  const start = Math.floor(first / size) * size;
  const n = Math.floor((last - start) / size) + 1;
  const buckets = Array.from({ length: n }, () => new Map<string, number>());
  for (const c of timed) {
    const b = buckets[Math.floor((c.t - start) / size)];
    b.set(c.outcome, (b.get(c.outcome) ?? 0) + 1);
  }
  const most = Math.max(1, ...buckets.map((b) => [...b.values()].reduce((s, v) => s + v, 0)));
  const width = 640;
  const height = 200;
  const plotH = 160;
  const left = 30;
  const bw = (width - left) / n;
  const shade = rule
    ? buckets
        .map((_, i) =>
          inWindow(start + i * size, rule)
            ? `<rect class="window" x="${(left + i * bw).toFixed(1)}" y="0" width="${bw.toFixed(1)}" height="${plotH}" fill="#e3f2fd"/>`
            : '',
        )
        .join('')
    : '';
  const bars = buckets
    .map((b, i) => {
      let y = plotH;
      return [...b.entries()]
        .map(([o, k]) => {
          const bh = (plotH * k) / most;
          y -= bh;
          return `<rect class="calls" x="${(left + i * bw + 1).toFixed(1)}" y="${y.toFixed(1)}" width="${Math.max(1, bw - 2).toFixed(1)}" height="${bh.toFixed(1)}" fill="${colour(o)}"><title>${h(timeText(start + i * size, rule?.timezone))}: ${k} ${h(label(o))}</title></rect>`;
        })
        .join('');
    })
    .join('');
  const ticks = [0, Math.floor((n - 1) / 2), n - 1]
    .filter((v, i, a) => a.indexOf(v) === i)
    .map(
      (i) =>
        `<text x="${(left + i * bw).toFixed(1)}" y="${plotH + 18}">${h(timeText(start + i * size, rule?.timezone))}</text>`,
    )
    .join('');
  const axis = `<line x1="${left}" y1="${plotH}" x2="${width}" y2="${plotH}" stroke="#333"/><text x="0" y="12">${most}</text><text x="0" y="${plotH}">0</text>`;
  return `<svg id="attempts-chart" role="img" aria-label="Calls over time against the calling window" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${shade}${bars}${axis}${ticks}</svg><p class="note">Each bar: the calls started in ${size >= 3_600_000 ? `${size / 3_600_000} h` : `${size / 60_000} min`}, coloured by outcome. ${rule ? `Shaded: the calling window (${h(describeWindow(rule))}); times in ${h(rule.timezone)}.` : 'Times in UTC.'}</p>`;
}

function table(id: string, head: string[], rows: unknown[][], empty: string): string {
  if (rows.length === 0) return `<p class="empty" id="${id}-empty">${h(empty)}</p>`;
  const th = head.map((c) => `<th>${h(c)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${h(c)}</td>`).join('')}</tr>`).join('\n');
  return `<table id="${id}"><thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** The contacts' own columns, in the order they first appear. */
function fieldKeys(rows: ResultRow[]): string[] {
  return [...new Set(rows.flatMap((r) => Object.keys(r.fields)))];
}

function followUp(rows: ResultRow[], name: string): string {
  const flat = rows.map((r) => contactColumns(asContact(r)));
  const keys = [...new Set(['phone_number', ...flat.flatMap((c) => Object.keys(c))])];
  const cells = flat.map((c) => keys.map((k) => c[k] ?? ''));
  // A spreadsheet opens the download: a BOM, CRLF, formulas neutralised as in every CSV voicectl writes.
  const csv = `\uFEFF${[keys, ...cells].map((r) => r.map((v) => csvField(v)).join(',')).join('\r\n')}\r\n`;
  const link =
    rows.length === 0
      ? ''
      : `<p><a id="follow-up-download" download="${h(`${name}-follow-up.csv`)}" href="data:text/csv;charset=utf-8,${encodeURIComponent(csv)}">Download the follow-up list (CSV)</a>, for a new campaign of these contacts.</p>`;
  return `${table('follow-up-table', keys, cells, 'Every contact was reached: no follow-up list.')}${link}`;
}

export function reportHtml({ campaign, calls, rows, now }: ReportInput): string {
  const name = str(campaign.name) ?? str(campaign.id) ?? 'campaign';
  const rule = windowRule(campaign);
  const keys = fieldKeys(rows);
  const answered = rows.filter((r) => r.reached === true);
  const notReached = rows.filter((r) => r.reached === false);
  const list = (v: string[] | null) => (v ?? []).join(', ');
  const when = (v: string | null) => {
    const t = Date.parse(v ?? '');
    return Number.isNaN(t) ? '' : timeText(t, rule?.timezone);
  };
  const counters = campaign.counters && typeof campaign.counters === 'object' ? (campaign.counters as Rec) : {};
  const facts = [
    ['Campaign', str(campaign.id)],
    ['Status', str(campaign.status)],
    ['Calling window', rule ? describeWindow(rule) : undefined],
    ['Contacts', String(rows.length)],
    ['Calls', String(calls.length)],
    ...Object.entries(counters).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
    ['Report made', `${timeText(now, rule?.timezone)}${rule ? ` (${rule.timezone})` : ' UTC'}`],
  ].filter(([, v]) => v !== undefined);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${h(name)}: campaign report</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
h1 { margin-bottom: .2rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: .5rem 0; } th, td { border: 1px solid #ddd; padding: .25rem .5rem; text-align: left; unicode-bidi: isolate; }
th { background: #f5f5f5; } .facts th { background: none; border: 0; } .facts td { border: 0; }
.empty, .note { color: #555; } svg text { font: 12px system-ui, sans-serif; fill: #222; }
@media print { a { color: inherit; } }
</style>
</head>
<body>
<h1>${h(name)}</h1>
<table class="facts">${facts.map(([k, v]) => `<tr><th>${h(k)}</th><td>${h(v)}</td></tr>`).join('')}</table>
<section id="outcomes"><h2>Outcomes</h2>
${rows.length ? outcomeChart(rows) : '<p class="empty">This campaign has no contacts.</p>'}
</section>
<section id="timeline"><h2>Calls over time</h2>
${attemptsChart(calls, rule)}
</section>
<section id="answered"><h2>Answered (${answered.length})</h2>
${table(
  'answered-table',
  ['#', 'Number', ...keys, 'Calls', 'Numbers dialled', 'Last call'],
  answered.map((r) => [
    r.index,
    r.phone_number,
    ...keys.map((k) => r.fields[k]),
    r.attempts,
    list(r.numbersDialled),
    when(r.lastCallAt),
  ]),
  'No contact answered.',
)}
</section>
<section id="not-reached"><h2>Not reached (${notReached.length})</h2>
${table(
  'not-reached-table',
  ['#', 'Number', ...keys, 'Result', 'Calls', 'Numbers dialled', 'Last call'],
  notReached.map((r) => [
    r.index,
    r.phone_number,
    ...keys.map((k) => r.fields[k]),
    label(r.result),
    r.attempts,
    list(r.numbersDialled),
    when(r.lastCallAt),
  ]),
  'Every contact that was called was reached.',
)}
</section>
<section id="follow-up"><h2>Follow-up list (${notReached.length})</h2>
${followUp(notReached, name)}
</section>
</body>
</html>
`;
}
