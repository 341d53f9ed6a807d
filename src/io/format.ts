// Small formatters for human output. Piped output never goes through these: it prints the API's values.
import { csvFormulaSafe } from './safe.js';

/** Local time with a relative hint, for tables on a terminal: "2026-11-23 10:02:05 (3m ago)". */
export function humanTime(iso: unknown, now = Date.now()): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${localTime(iso)} (${relative(t, now)})`;
}

/** Local time without the hint, for tables with several timestamps: "2026-11-23 10:02:05" (the first 16 characters: to the minute). */
export function localTime(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const d = new Date(t);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

function relative(t: number, now = Date.now()): string {
  const s = Math.round((now - t) / 1000);
  const abs = Math.abs(s);
  const unit =
    abs < 60
      ? `${abs}s`
      : abs < 3600
        ? `${Math.floor(abs / 60)}m`
        : abs < 86400
          ? `${Math.floor(abs / 3600)}h`
          : `${Math.floor(abs / 86400)}d`;
  return s >= 0 ? `${unit} ago` : `in ${unit}`;
}

export function duration(ms: number): string {
  const s = Math.floor(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** "1 row", "1,200 rows". */
export function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

/** Text on one line (line breaks read as spaces), for a cell whose width the printer cuts. */
export function oneLine(text: unknown): string {
  return text === undefined || text === null ? '' : String(text).replace(/\s+/g, ' ');
}

/** A scalar for a table cell; objects become compact JSON. */
export function cell(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A CSV field: quoted when needed; a cell a spreadsheet would run as a formula is neutralised unless `raw`. */
export function csvField(v: unknown, opts: { raw?: boolean } = {}): string {
  const s = opts.raw ? cell(v) : csvFormulaSafe(cell(v));
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
