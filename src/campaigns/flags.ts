// The flags of `campaigns create` that set a field of the create body (reference 4.4), in one table. The
// command's options and their rules, the body (applyFlags), the flag named in an error and the help are all
// derived from it: a new flag is one entry here and one case in test/campaigns/flags-table.test.ts.
import { CAMPAIGN_DEFAULTS, MAX_RETRIES, MIN_RETRY_DELAY_MINUTES, STRATEGIES } from '../facts.js';
import { UsageError } from '../errors.js';

export interface BodyFlag {
  /** As commander takes it: `--max-retries <n>`; a switch has no `<value>`. */
  flag: string;
  /** Given several times, its values are collected in a list (for parse). */
  repeatable?: true;
  /** The body field it sets; a flag that sets several lists them, and its parse returns their values in order. */
  field: string | readonly string[];
  help: string;
  /**
   * From the flag's value to the field's. The schema of the body checks the result, so a parser only shapes
   * the text (a list, a number) and leaves anything it cannot read as it is, for the schema to reject with the
   * value. `base` is the --file body, for a flag that adds to a field rather than replacing it.
   */
  parse?: (value: never, base: Record<string, unknown>) => unknown;
  /** A value checked (and spelled) by the command before parse: one of a list in any case, or a time zone. */
  check?: 'strategy' | 'timezone';
  /** Read by the command itself (a file of contacts), not by applyFlags. */
  loadedByCommand?: true;
}

const STRATEGY_LIST = STRATEGIES.join(' | ');

export const BODY_FLAGS: readonly BodyFlag[] = [
  { flag: '--name <name>', field: 'name', help: 'campaign name (required)' },
  { flag: '--agent <id>', field: 'agentId', help: 'AI agent ID (required)' },
  {
    flag: '--from <e164>',
    field: 'fromNumber',
    help: "main caller ID, E.164, one of your organization's numbers (required)",
    parse: (v: string) => v.trim(),
  },
  {
    flag: '--contacts <file|->',
    field: 'contacts',
    help: 'contacts: CSV (converted as `contacts convert` does), JSON array or NDJSON; - reads stdin (required)',
    loadedByCommand: true,
  },
  { flag: '--description <text>', field: 'description', help: 'free description' },
  {
    flag: '--from-attempts <n1,n2,...>',
    field: 'fromNumberAttempts',
    help: 'caller ID per attempt, E.164, comma-separated',
    parse: (v: string) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
  },
  {
    flag: '--from-strategy <s>',
    field: 'fromNumberStrategy',
    help: `when attempts outnumber --from-attempts: ${STRATEGY_LIST}`,
    check: 'strategy',
  },
  {
    flag: '--contact-strategy <s>',
    field: 'contactAttemptStrategy',
    help: `when attempts outnumber a contact's alternatives: ${STRATEGY_LIST}`,
    check: 'strategy',
  },
  {
    flag: '--map <var=field>',
    field: 'variableMapping',
    repeatable: true,
    help: 'agent prompt variable = contact field (repeatable)',
    parse: (v: string[], base) => ({ ...(base.variableMapping as object | undefined), ...parseMap(v) }),
  },
  {
    flag: '--max-retries <n>',
    field: 'maxRetries',
    help: `retries per contact, 0 to ${MAX_RETRIES} (default ${CAMPAIGN_DEFAULTS.maxRetries})`,
    parse: integer,
  },
  {
    flag: '--retry-delay <minutes>',
    field: 'retryDelayMinutes',
    help: `minutes between attempts, at least ${MIN_RETRY_DELAY_MINUTES} with retries (default ${CAMPAIGN_DEFAULTS.retryDelayMinutes})`,
    parse: integer,
  },
  {
    flag: '--days <days>',
    field: 'callingDays',
    help: 'calling days: mon-fri, 1-5, 0,6, mon,wed,fri (0 = Sunday)',
    parse: parseDays,
  },
  {
    flag: '--window <HH:MM-HH:MM>',
    field: ['callingStartTime', 'callingEndTime'],
    help: 'calling window, e.g. 09:00-18:00 (or --start-time/--end-time)',
    parse: parseWindow,
  },
  { flag: '--start-time <HH:MM>', field: 'callingStartTime', help: 'calling window start' },
  { flag: '--end-time <HH:MM>', field: 'callingEndTime', help: 'calling window end' },
  {
    flag: '--timezone <iana>',
    field: 'timezone',
    help: `time zone of days and window (default ${CAMPAIGN_DEFAULTS.timezone})`,
    check: 'timezone',
  },
  { flag: '--max-concurrency <n>', field: 'maxConcurrency', help: 'most simultaneous calls', parse: integer },
  {
    flag: '--keep-free-for-inbound <n>',
    field: 'keepFreeForInbound',
    help: `lines kept free for inbound calls (default ${CAMPAIGN_DEFAULTS.keepFreeForInbound})`,
    parse: integer,
  },
  {
    flag: '--scheduled-at <iso8601>',
    field: 'scheduledAt',
    help: 'start automatically at this time, e.g. 2026-03-02T09:00:00+01:00 (campaign is SCHEDULED)',
    parse: withSeconds,
  },
  {
    flag: '--start',
    field: 'startImmediately',
    help: 'start calling at once (startImmediately); not with --scheduled-at',
  },
];

/** `--max-retries <n>` -> `--max-retries`. */
export function longFlag(entry: BodyFlag): string {
  return entry.flag.split(' ')[0];
}

/** The key commander gives a flag's value: `--max-retries` -> `maxRetries`. */
export function optionKey(entry: BodyFlag): string {
  return longFlag(entry)
    .slice(2)
    .replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

export const isSwitch = (entry: BodyFlag) => !entry.flag.includes('<');
const fieldsOf = (entry: BodyFlag): readonly string[] =>
  typeof entry.field === 'string' ? [entry.field] : entry.field;

/**
 * Body field -> the flag that sets it. A field that a flag of its own sets (callingStartTime: --start-time) is
 * named by that flag rather than by one that sets several (--window).
 */
export const FIELD_FLAGS: Readonly<Record<string, string>> = Object.fromEntries(
  [...BODY_FLAGS]
    .sort((a, b) => fieldsOf(b).length - fieldsOf(a).length)
    .flatMap((e) => fieldsOf(e).map((field) => [field, longFlag(e)])),
);

/**
 * Overlays the flags the user gave (values keyed as commander keys them) on `base` (the --file body).
 * Returns the body and the fields set by flags.
 */
export function applyFlags(
  base: Record<string, unknown>,
  values: Record<string, unknown>,
): { body: Record<string, unknown>; fromFlags: Set<string> } {
  const body: Record<string, unknown> = { ...base };
  const fromFlags = new Set<string>();
  const setBy = new Map<string, string>();
  for (const entry of BODY_FLAGS) {
    const value = values[optionKey(entry)];
    if (entry.loadedByCommand || value === undefined || value === false) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    const fields = fieldsOf(entry);
    // Two flags for one field (--window and --start-time): neither is silently dropped.
    for (const field of fields) {
      const other = setBy.get(field);
      if (other) throw new UsageError(`${other} cannot be combined with ${longFlag(entry)}`);
      setBy.set(field, longFlag(entry));
    }
    const parsed = isSwitch(entry) ? true : entry.parse ? entry.parse(value as never, base) : value;
    fields.forEach((field, i) => {
      body[field] = fields.length > 1 ? (parsed as unknown[])[i] : parsed;
      fromFlags.add(field);
    });
  }
  return { body, fromFlags };
}

/** The spellings --days takes for each weekday (0 = Sunday): three letters, the full name, and tues or thurs. */
const DAY_SPELLINGS: readonly string[][] = [
  ['sun', 'sunday'],
  ['mon', 'monday'],
  ['tue', 'tues', 'tuesday'],
  ['wed', 'wednesday'],
  ['thu', 'thurs', 'thursday'],
  ['fri', 'friday'],
  ['sat', 'saturday'],
];

function dayNumber(token: string): number {
  const t = token.trim().toLowerCase();
  if (/^\d+$/.test(t)) return Number(t);
  const i = DAY_SPELLINGS.findIndex((names) => names.includes(t));
  if (i < 0)
    throw new UsageError(
      `--days: "${token.trim()}" is not a weekday (use names like mon-fri, or numbers 0 = Sunday to 6 = Saturday: 1-5, 0,6)`,
    );
  return i;
}

/** "mon-fri", "1-5", "0,6", "fri-mon" (wraps), "mon,wed,fri" -> weekday numbers (0 = Sunday). */
function parseDays(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const range = /^\s*([^-\s]+)\s*-\s*([^-\s]+)\s*$/.exec(part);
    if (!range) {
      out.push(dayNumber(part));
      continue;
    }
    const a = dayNumber(range[1]);
    const b = dayNumber(range[2]);
    if (a > 6 || b > 6) {
      // out of range: hand the ends that are out of range to the schema, which names the rule and the value
      // (never the days in between: "0-99999999999" would fill memory)
      for (const d of new Set([a, b])) if (d > 6) out.push(d);
      continue;
    }
    for (let d = a; ; d = (d + 1) % 7) {
      out.push(d);
      if (d === b) break;
    }
  }
  return out;
}

/** "09:00-18:00" -> [start, end]. */
function parseWindow(text: string): [string, string] {
  const m = /^\s*([^-\s]+)\s*-\s*([^-\s]+)\s*$/.exec(text);
  if (!m) throw new UsageError(`--window: "${text}" is not a window START-END such as 09:00-18:00`);
  return [m[1], m[2]];
}

/** ["name=first_name", ...] -> {name: "first_name"}. */
function parseMap(entries: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of entries) {
    const m = /^\s*([^=\s]+)\s*=\s*(\S.*?)\s*$/.exec(e);
    if (!m) throw new UsageError(`--map: "${e}" is not VARIABLE=FIELD (for example --map customer_name=first_name)`);
    // JSON objects cannot carry it through JavaScript: refused rather than silently dropped.
    if (m[1] === '__proto__') throw new UsageError(`--map: "__proto__" cannot be a variable name (got "${e}")`);
    // The flag repeats for more variables; the same variable twice to two fields would silently keep the last.
    if (Object.hasOwn(out, m[1]) && out[m[1]] !== m[2])
      throw new UsageError(`--map: variable ${m[1]} is mapped twice (to ${out[m[1]]}, then ${m[2]}): give it once`);
    out[m[1]] = m[2];
  }
  return out;
}

/** A whole number as a number; anything else stays a string so the schema reports it with the value. */
function integer(text: string): number | string {
  return /^\s*[+-]?\d+\s*$/.test(text) ? Number(text) : text;
}

/** ISO 8601 lets seconds be left out (2026-01-15T09:00Z); the API's examples carry them, so they are added. */
function withSeconds(at: string): string {
  return at.replace(/^(\d{4}-\d\d-\d\dT\d\d:\d\d)(Z|[+-]\d\d:\d\d)$/i, '$1:00$2');
}
