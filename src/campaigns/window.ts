// The calling window of a campaign: allowed weekdays (0 = Sunday) and HH:MM start/end, read in the
// campaign's IANA time zone. Pure; used by the sandbox dialer and by the CLI's summary.
export interface WindowRule {
  timezone: string;
  callingDays?: number[];
  callingStartTime?: string;
  callingEndTime?: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** One formatter per time zone and use (`what`), built once: Intl.DateTimeFormat is costly to create. */
function formatter(what: string, timezone: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${what} ${timezone}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hourCycle: 'h23', ...opts });
    formatters.set(key, fmt);
  }
  return fmt;
}

/** Weekday (0 = Sunday) and minute of the day of `ms` in `timezone`. */
export function localTime(ms: number, timezone: string): { weekday: number; minutes: number } {
  const fmt = formatter('weekday', timezone, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
  let weekday = 0;
  let hour = 0;
  let minute = 0;
  for (const p of fmt.formatToParts(ms)) {
    if (p.type === 'weekday') weekday = WEEKDAYS[p.value] ?? 0;
    else if (p.type === 'hour') hour = Number(p.value) % 24;
    else if (p.type === 'minute') minute = Number(p.value);
  }
  return { weekday, minutes: hour * 60 + minute };
}

const toMinutes = (hhmm: string | undefined, fallback: number) =>
  hhmm ? Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)) : fallback;

/**
 * True when a call may start at `ms`. Without callingDays every day is allowed; without start (end) the
 * window opens at 00:00 (closes at 24:00). A start after the end is an overnight window (22:00-06:00).
 */
export function inWindow(ms: number, rule: WindowRule): boolean {
  const { weekday, minutes } = localTime(ms, rule.timezone);
  if (rule.callingDays && !rule.callingDays.includes(weekday)) return false;
  const start = toMinutes(rule.callingStartTime, 0);
  const end = toMinutes(rule.callingEndTime, 1440);
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/** The first moment at or after `ms` when a call may start (minute precision), or undefined if none within 15 days. */
export function nextWindowStart(ms: number, rule: WindowRule): number | undefined {
  if (inWindow(ms, rule)) return ms;
  let t = Math.floor(ms / 60_000) * 60_000;
  const start = toMinutes(rule.callingStartTime, 0);
  for (let i = 0; i < 200 && t - ms < 15 * 86_400_000; i++) {
    if (t >= ms && inWindow(t, rule)) return t;
    const { weekday, minutes } = localTime(t, rule.timezone);
    const dayOk = !rule.callingDays || rule.callingDays.includes(weekday);
    // Jump to today's opening when it is still ahead, else to the next local midnight; re-checked after
    // each jump, so a daylight-saving shift costs one more step, never a wrong answer.
    const jump = dayOk && minutes < start ? start - minutes : 1440 - minutes;
    t += Math.max(1, jump) * 60_000;
  }
  return undefined;
}

export function describeWindow(rule: WindowRule): string {
  const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const days = rule.callingDays
    ? [...rule.callingDays]
        .sort()
        .map((d) => names[d] ?? String(d))
        .join(',')
    : 'every day';
  const hours =
    rule.callingStartTime || rule.callingEndTime
      ? `${rule.callingStartTime ?? '00:00'}-${rule.callingEndTime ?? '24:00'}`
      : 'all day';
  return `${days}, ${hours} ${rule.timezone}`;
}

// ISO 8601 date-times (reference 4.4: scheduledAt "ISO 8601"), extended (2030-01-15T09:00:00+01:00) or basic
// (20300115T090000Z) format, to the minute at least, seconds and a fraction optional; a UTC offset (Z, ±hh:mm,
// ±hhmm, ±hh) or none: ISO 8601 reads a time without one as local time, here the campaign's `timezone`.
const ISO_EXTENDED = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(?:[.,](\d{1,9}))?)?(Z|[+-]\d\d(?::\d\d)?)?$/;
const ISO_BASIC = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(?:(\d\d)(?:[.,](\d{1,9}))?)?(Z|[+-]\d\d(?:\d\d)?)?$/;

export interface IsoDateTime {
  /** Wall-clock fields as written. */
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** Minutes east of UTC, or undefined for a local time. */
  offsetMinutes?: number;
}

/** The fields of an ISO 8601 date-time, or undefined when it is not one (or not a real date and time). */
export function parseIsoDateTime(text: string): IsoDateTime | undefined {
  const m = ISO_EXTENDED.exec(text) ?? ISO_BASIC.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const millisecond = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59)
    return undefined;
  let offsetMinutes: number | undefined;
  const zone = m[8];
  if (zone === 'Z') offsetMinutes = 0;
  else if (zone) {
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  return { year, month, day, hour, minute, second, millisecond, offsetMinutes };
}

/** Minutes east of UTC of `timezone` at the instant `ms`. */
function zoneOffset(ms: number, timezone: string): number {
  const fmt = formatter('offset', timezone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const p: Record<string, number> = {};
  for (const part of fmt.formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second);
  return Math.round((wall - (ms - (ms % 1000))) / 60_000);
}

/**
 * The instant of an ISO 8601 date-time; one without an offset is read in `timezone`. A local time skipped by a
 * daylight-saving change (02:30 on the spring-forward night) is taken forward by the gap, and one that happens
 * twice is the earlier, as Temporal's "compatible" disambiguation does.
 */
export function isoInstant(text: string, timezone: string): number | undefined {
  const t = parseIsoDateTime(text);
  if (!t) return undefined;
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second, t.millisecond);
  if (t.offsetMinutes !== undefined) return wall - t.offsetMinutes * 60_000;
  const before = zoneOffset(wall - 86_400_000, timezone);
  const after = zoneOffset(wall + 86_400_000, timezone);
  // Try the offsets in force around that day; the earlier instant that shows this wall time wins.
  const candidates = [wall - before * 60_000, wall - after * 60_000].filter(
    (ms) => ms + zoneOffset(ms, timezone) * 60_000 === wall,
  );
  if (candidates.length) return Math.min(...candidates);
  return wall - before * 60_000; // in a gap: the offset from before the change moves it forward
}
