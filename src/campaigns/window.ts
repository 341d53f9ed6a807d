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

/** Weekday (0 = Sunday) and minute of the day of `ms` in `timezone`. */
export function localTime(ms: number, timezone: string): { weekday: number; minutes: number } {
  let fmt = formatters.get(timezone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, fmt);
  }
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
