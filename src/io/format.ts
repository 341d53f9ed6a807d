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
  const unit = duration(Math.abs(s) * 1000, 'ago');
  return s >= 0 ? `${unit} ago` : `in ${unit}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * How a duration is said, by where it is shown:
 * - `elapsed`: a spinner's running time, floored (never ahead of the clock): "45s", "2m05s".
 * - `ago`: beside a timestamp in a table, one unit, floored: "45s", "3m", "2h", "5d".
 * - `seconds`: a wait or a timeout voicectl itself keeps, as exact as it matters: "40 ms", "0.3 s", "8 s", "120 s".
 * - `setting`: a configured time, said as it was set: "90 s", "15 min".
 * - `rounded`: a time far off, to the unit that matters: "40 s", "5 min", "2 h 10 min", "11 days".
 */
export type DurationStyle = 'elapsed' | 'ago' | 'seconds' | 'setting' | 'rounded';

/** A duration in milliseconds for people, in the style of where it is shown (DurationStyle). */
export function duration(ms: number, style: DurationStyle = 'elapsed'): string {
  switch (style) {
    case 'elapsed': {
      const s = Math.floor(ms / 1000);
      return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${pad2(s % 60)}s`;
    }
    case 'ago': {
      const s = Math.round(ms / 1000);
      if (s < 60) return `${s}s`;
      if (s < 3600) return `${Math.floor(s / 60)}m`;
      return s < 86400 ? `${Math.floor(s / 3600)}h` : `${Math.floor(s / 86400)}d`;
    }
    case 'seconds':
      if (ms < 100) return `${Math.round(ms)} ms`;
      return `${ms < 10_000 ? Math.round(ms / 100) / 10 : Math.round(ms / 1000)} s`;
    case 'setting':
      return ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : duration(ms, 'seconds');
    case 'rounded': {
      if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
      const minutes = Math.round(ms / 60_000);
      if (minutes < 60) return `${minutes} min`;
      if (ms >= 86_400_000) return plural(Math.floor(ms / 86_400_000), 'day', { count: 'plain' });
      const m = minutes % 60;
      return `${Math.floor(minutes / 60)} h${m ? ` ${m} min` : ''}`;
    }
  }
}

/**
 * A count and its noun: "1 row", "1,200 rows". `count`: `plain` writes the number without grouping ("1200 rows"),
 * `none` leaves it out ("rows").
 */
export function plural(n: number, word: string, opts: { count?: 'grouped' | 'plain' | 'none' } = {}): string {
  const noun = n === 1 ? word : `${word}s`;
  const count = opts.count ?? 'grouped';
  if (count === 'none') return noun;
  return `${count === 'plain' ? String(n) : n.toLocaleString('en-US')} ${noun}`;
}

/** The length of the UTF-16 unit at `i`: 2 for the first half of a surrogate pair, else 1. */
function unitAt(text: string, i: number): 1 | 2 {
  const c = text.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
}

/** The index in `text` after its first `n` characters (or its length). */
function indexAfter(text: string, n: number): number {
  let i = 0;
  for (let k = 0; k < n && i < text.length; k++) i += unitAt(text, i);
  return i;
}

function characters(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i += unitAt(text, i)) n++;
  return n;
}

/**
 * `text` whole when it has at most `max` characters, else its first `keep` (`max` unless given) and "…". With
 * `count`, a cut text is followed by its whole length, "… (1,234 characters)"; with `quote`, the text shown is in
 * double quotes, the length outside them. Characters as people count them: an emoji is one, never cut in half.
 */
export function truncate(
  text: string,
  max: number,
  opts: { keep?: number; count?: boolean; quote?: boolean } = {},
): string {
  const quoted = (s: string) => (opts.quote ? `"${s}"` : s);
  // No more UTF-16 units than `max` is no more characters either; past that, characters are counted up to `max` only.
  if (text.length <= max || indexAfter(text, max) >= text.length) return quoted(text);
  const shown = quoted(`${text.slice(0, indexAfter(text, opts.keep ?? max))}…`);
  return opts.count ? `${shown} (${plural(characters(text), 'character')})` : shown;
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

/**
 * A CSV field: quoted when it holds the delimiter (default ","), a quote, a line break or spaces at its ends; a cell
 * a spreadsheet would run as a formula is neutralised unless `raw`. Every CSV voicectl writes goes through here.
 */
export function csvField(v: unknown, opts: { raw?: boolean; delimiter?: string } = {}): string {
  const s = opts.raw ? cell(v) : csvFormulaSafe(cell(v));
  const d = opts.delimiter ?? ',';
  return s.includes(d) || /["\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
