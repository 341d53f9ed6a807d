// Property-based tests (fast-check) of the flags of `campaigns create`, on the pure steps that turn them into the
// body (src/campaigns/body.ts: applyFlags, validateBody; the options schema's own conversions): for every value —
// random strings, NaN, Infinity, -0, exponents, unicode digits, very long values — either the body carries the field
// exactly as documented, or a usage error (exit 2) names the flag; never another error. That the CLI runs these
// steps, sends that body and sends nothing on an error is shown once per flag, at its boundary, by
// flags.e2e.test.ts (and test/campaigns/validation.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applyFlags, validateBody } from '../../src/campaigns/body.js';
import { checkE164 } from '../../src/contacts/phone.js';
import { UsageError } from '../../src/errors.js';
import { parseOptions } from '../../src/options.js';
import { STRATEGIES, TimeZoneFlag } from '../../src/schemas/campaigns.js';
import { choice } from '../../src/schemas/common.js';
import { E164, HHMM, numberish, ORG_NUMBER, phoneish, REAL, timeish, wholeNumber } from './arbitraries.js';

// Each case costs well under a millisecond here (no CLI run): more of them than the CLI could afford.
const RUNS = { numRuns: 200 };
const CONTACTS = [{ phone_number: '+393331234567', first_name: 'Anna' }];

/** The conversions `campaigns create`'s options schema makes before applyFlags (any case in, the API's spelling out). */
const Converted = z
  .object({
    timezone: TimeZoneFlag.optional(),
    fromStrategy: choice(STRATEGIES).optional(),
    contactStrategy: choice(STRATEGIES).optional(),
  })
  .loose();

interface Run {
  /** The body that would be sent. */
  body?: Record<string, unknown>;
  /** The usage error's message (the CLI prints it after "error: " and exits 2). */
  error?: string;
}

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The body `campaigns create` would send for the required flags and `extra` (flag names as typed), or its usage error. */
function create(extra: Record<string, string>, switches: { start?: boolean } = {}): Run {
  const raw: Record<string, unknown> = { name: 'Property', agent: 'agent_sales', ...switches };
  if (!('from' in extra)) raw.from = ORG_NUMBER;
  for (const [k, v] of Object.entries(extra)) raw[camel(k)] = v;
  try {
    const flags = parseOptions(Converted, raw);
    const { body, fromFlags } = applyFlags({}, flags);
    body.contacts = CONTACTS;
    fromFlags.add('contacts');
    const { request } = validateBody(body, {
      fromFlags,
      now: Date.now(),
      windowFlag: flags.window !== undefined,
      checkCallerId: (v) => checkE164(v, { anyType: true }),
    });
    return { body: JSON.parse(JSON.stringify(request)) }; // as it goes out: JSON (-0 is sent as 0)
  } catch (err) {
    if (err instanceof UsageError) return { error: err.message };
    throw err; // anything else would be a crash of the command
  }
}

function expectRejected(run: Run, flag: string): void {
  expect(run.body, `expected a usage error naming ${flag}`).toBeUndefined();
  expect(run.error?.split('\n')[0], run.error).toContain(flag);
}

function expectCreated(run: Run): Record<string, unknown> {
  expect(run.error).toBeUndefined();
  return run.body!;
}

describe('numeric flags', () => {
  const FLAGS: { flag: string; field: string; ok: (n: number) => boolean }[] = [
    { flag: 'max-retries', field: 'maxRetries', ok: (n) => n >= 0 && n <= 5 },
    { flag: 'retry-delay', field: 'retryDelayMinutes', ok: (n) => n >= 0 },
    { flag: 'max-concurrency', field: 'maxConcurrency', ok: (n) => n >= 1 },
    { flag: 'keep-free-for-inbound', field: 'keepFreeForInbound', ok: (n) => n >= 0 },
  ];
  it.each(FLAGS)(
    '--$flag: a whole number in range is sent as that number; anything else is refused',
    async ({ flag, field, ok }) => {
      await fc.assert(
        // Small whole numbers besides: each range's edges come up in every run, not once in a few hundred.
        fc.asyncProperty(fc.oneof(numberish, fc.integer({ min: -2, max: 8 }).map(String)), async (value) => {
          const run = await create({ [flag]: value });
          const n = wholeNumber(value);
          if (n !== undefined && ok(n)) expect(expectCreated(run)[field]).toBe(n);
          else expectRejected(run, `--${flag}`);
        }),
        RUNS,
      );
    },
  );

  it('--retry-delay below 5 with retries is refused, at 5 or more sent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 40 }), async (retries, delay) => {
        const run = await create({ 'max-retries': String(retries), 'retry-delay': String(delay) });
        if (delay >= 5) expect(expectCreated(run)).toMatchObject({ maxRetries: retries, retryDelayMinutes: delay });
        else expectRejected(run, '--retry-delay');
      }),
      { numRuns: 25 },
    );
  });

  it('--keep-free-for-inbound must stay below --max-concurrency', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 8 }), async (max, free) => {
        const run = await create({ 'max-concurrency': String(max), 'keep-free-for-inbound': String(free) });
        if (free < max) expect(expectCreated(run)).toMatchObject({ maxConcurrency: max, keepFreeForInbound: free });
        else expectRejected(run, '--keep-free-for-inbound');
      }),
      { numRuns: 25 },
    );
  });
});

describe('phone numbers', () => {
  it('--from: E.164 (spaces around allowed) is sent trimmed; anything else is refused', async () => {
    await fc.assert(
      fc.asyncProperty(phoneish, async (value) => {
        const run = await create({ from: value });
        const want = value.trim();
        if (!E164.test(want)) return expectRejected(run, '--from');
        // Sent exactly (the sandbox then accepts only the organization's own numbers: validation.test.ts).
        expect(expectCreated(run).fromNumber).toBe(want);
      }),
      RUNS,
    );
  });

  it('--from-attempts: each comma-separated number E.164, sent as a list; anything else is refused', async () => {
    const list = fc.oneof(
      fc.array(phoneish, { minLength: 1, maxLength: 4 }).map((a) => a.join(',')),
      fc.array(fc.stringMatching(/^\+[1-9][0-9]{5,13}$/), { minLength: 1, maxLength: 6 }).map((a) => a.join(', ')),
      fc.array(fc.constantFrom(...REAL), { minLength: 1, maxLength: 6 }).map((a) => a.join(', ')),
      fc.constantFrom(
        ',',
        ',,',
        ' , ',
        `${ORG_NUMBER},`,
        `,${ORG_NUMBER}`,
        `${ORG_NUMBER};+390298765432`,
        `${ORG_NUMBER} +390298765432`,
      ),
    );
    await fc.assert(
      fc.asyncProperty(list, async (value) => {
        const run = await create({ 'from-attempts': value });
        const parts = value
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '');
        if (parts.length > 0 && parts.every((p) => E164.test(p)))
          expect(expectCreated(run).fromNumberAttempts).toEqual(parts);
        else expectRejected(run, '--from-attempts');
      }),
      RUNS,
    );
  });
});

describe('calling window', () => {
  it('--window START-END: two HH:MM times that differ are sent as start and end; anything else is refused', async () => {
    const windowish = fc.oneof(
      fc
        .tuple(timeish, fc.constantFrom('-', ' - ', '  -', '–', '--', ' to '), timeish)
        .map(([a, d, b]) => `${a}${d}${b}`),
      fc
        .tuple(fc.constantFrom('', ' '), timeish, timeish, fc.constantFrom('', '\t'))
        .map(([a, s, e, z]) => `${a}${s}-${e}${z}`),
      fc.string({ maxLength: 14 }),
    );
    await fc.assert(
      fc.asyncProperty(windowish, async (value) => {
        const run = await create({ window: value });
        const m = /^\s*(\S+?)\s*-\s*(\S+)\s*$/.exec(value);
        if (m && HHMM.test(m[1]) && HHMM.test(m[2]) && m[1] !== m[2]) {
          expect(expectCreated(run)).toMatchObject({ callingStartTime: m[1], callingEndTime: m[2] });
        } else expectRejected(run, '--window');
      }),
      RUNS,
    );
  });

  it('--start-time / --end-time: HH:MM exactly, sent as typed; anything else is refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('start-time', 'end-time'), timeish, async (flag, value) => {
        const run = await create({ [flag]: value });
        if (HHMM.test(value))
          expect(expectCreated(run)[flag === 'start-time' ? 'callingStartTime' : 'callingEndTime']).toBe(value);
        else expectRejected(run, `--${flag}`);
      }),
      RUNS,
    );
  });
});

describe('--days', () => {
  const NAMES = [
    ['sun', 'sunday'],
    ['mon', 'monday'],
    ['tue', 'tuesday', 'tues'],
    ['wed', 'wednesday'],
    ['thu', 'thursday', 'thurs'],
    ['fri', 'friday'],
    ['sat', 'saturday'],
  ];
  const dayToken = (d: number) =>
    fc.oneof(
      fc.constant(String(d)),
      fc.constantFrom(...NAMES[d]).chain((n) => fc.constantFrom(n, n.toUpperCase(), n[0].toUpperCase() + n.slice(1))),
    );

  it('a list of distinct weekdays (numbers or names, any case) is sent in the order written', async () => {
    const listArb = fc
      .shuffledSubarray([0, 1, 2, 3, 4, 5, 6], { minLength: 1 })
      .chain((days) => fc.tuple(fc.constant(days), fc.tuple(...days.map(dayToken)), fc.constantFrom(',', ', ', ' ,')));
    await fc.assert(
      fc.asyncProperty(listArb, async ([days, tokens, sep]) => {
        const run = await create({ days: tokens.join(sep) });
        expect(expectCreated(run).callingDays).toEqual(days);
      }),
      { numRuns: 30 },
    );
  });

  it('a range A-B is every day from A to B, wrapping past Saturday', async () => {
    const rangeArb = fc
      .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }))
      .chain(([a, b]) => fc.tuple(fc.constant([a, b]), dayToken(a), dayToken(b), fc.constantFrom('-', ' - ')));
    await fc.assert(
      fc.asyncProperty(rangeArb, async ([[a, b], ta, tb, dash]) => {
        const want: number[] = [];
        for (let d = a; ; d = (d + 1) % 7) {
          want.push(d);
          if (d === b) break;
        }
        const run = await create({ days: `${ta}${dash}${tb}` });
        expect(expectCreated(run).callingDays).toEqual(want);
      }),
      { numRuns: 30 },
    );
  });

  /**
   * What a --days value names, read here without src: comma-separated items (an empty one names nothing), each a
   * weekday or a range A-B from A to B wrapping past Saturday; a weekday is a number 0 to 6 in ASCII digits or one of
   * NAMES in any case, spaces around allowed. undefined: it names no day, a day that does not exist, or a day twice.
   */
  function namedDays(value: string): number[] | undefined {
    const day = (token: string): number | undefined => {
      const t = token.trim();
      if (/^[0-9]+$/.test(t)) return Number(t) <= 6 ? Number(t) : undefined;
      const i = NAMES.findIndex((names) => names.includes(t.toLowerCase()));
      return i < 0 ? undefined : i;
    };
    const out: number[] = [];
    for (const item of value.split(',')) {
      if (item.trim() === '') continue;
      const ends = item.split('-');
      if (ends.length > 2) return undefined;
      const a = day(ends[0]);
      const b = day(ends[ends.length - 1]);
      if (a === undefined || b === undefined) return undefined;
      for (let d = a; ; d = (d + 1) % 7) {
        out.push(d);
        if (d === b) break;
      }
    }
    return out.length > 0 && new Set(out).size === out.length ? out : undefined;
  }

  it('anything else: exactly the days the value names are sent, in its order, or refused; never a crash', async () => {
    const item = fc.oneof(
      fc.integer({ min: 0, max: 8 }).chain((d) => (d <= 6 ? dayToken(d) : fc.constant(String(d)))),
      fc
        .tuple(
          fc.integer({ min: 0, max: 6 }).chain(dayToken),
          fc.constantFrom('-', ' - ', '- ', '\t-'),
          fc.integer({ min: 0, max: 6 }).chain(dayToken),
        )
        .map(([a, dash, b]) => `${a}${dash}${b}`),
      fc.constantFrom('', ' ', '00', '006', '0006-1', 'thur', 'weds', 'mon tue', 'MON-fri', 'Sun - Sat'),
    );
    const hostile = fc.oneof(
      fc
        .tuple(
          fc.oneof(fc.integer({ min: -2, max: 12 }).map(String), fc.bigInt({ min: 0n, max: 10n ** 15n }).map(String)),
          fc.constantFrom('-', ',', ' - '),
          fc.oneof(fc.integer({ min: -2, max: 12 }).map(String), fc.bigInt({ min: 0n, max: 10n ** 15n }).map(String)),
        )
        .map(([a, s, b]) => `${a}${s}${b}`),
      fc
        .tuple(fc.array(item, { minLength: 1, maxLength: 4 }), fc.constantFrom(',', ', ', ' ,'))
        .map(([items, sep]) => items.join(sep)),
      fc.constantFrom(
        '0-99999999999',
        '99999999999-0',
        '7-9',
        '0-6,1',
        'mon-fri,wed',
        '-',
        ',,',
        ',',
        '',
        ' ',
        'mon-',
        '-fri',
        'mon--fri',
        'weekdays',
        'mo',
        'mondayy',
        'Mon-Fri-Sat',
        '١-٥',
        '１-５',
        'NaN',
        'Infinity',
        '1e1',
        '-0',
        '0x1',
        `${'mon,'.repeat(2000)}`,
        '0-6',
        'sun-sat',
        'sat-sun',
        'constructor',
        '__proto__',
        'toString',
        'fri-mon',
        'mon-mon',
        '1 -3,',
        ',0,,6,',
        'SUNDAY,Tues,thurs',
        '6-0',
        '0-6,',
        'wed-tue',
      ),
      fc.string({ maxLength: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (value) => {
        const run = await create({ days: value });
        const want = namedDays(value);
        if (want) expect(expectCreated(run).callingDays, `--days=${JSON.stringify(value)}`).toEqual(want);
        else expectRejected(run, '--days');
      }),
      { numRuns: 80, examples: [['0-99999999999'], ['7-99999999999999'], ['fri-mon'], ['sat-sun,mon']] },
    );
  });
});

describe('--timezone', () => {
  const ZONES = Intl.supportedValuesOf('timeZone');
  const knows = (tz: string) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  };

  it('every IANA zone this runtime knows is sent exactly as typed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ZONES), async (tz) => {
        expect(expectCreated(await create({ timezone: tz })).timezone).toBe(tz);
      }),
      { numRuns: 30 },
    );
  });

  it('anything else: sent in its IANA spelling (any case typed) only if the runtime knows it, else refused', async () => {
    const zoneish = fc.oneof(
      fc
        .constantFrom(...ZONES)
        .chain((z) =>
          fc.constantFrom(
            ` ${z}`,
            `${z} `,
            `${z}\n`,
            z.toLowerCase(),
            z.toUpperCase(),
            `${z}/`,
            `/${z}`,
            `${z}/..`,
            `../${z}`,
            z.replace('/', '\\'),
            `${z}\u0000`,
          ),
        ),
      fc.constantFrom(
        '',
        ' ',
        'UTC',
        'utc',
        'Z',
        'GMT',
        '+01:00',
        '-05:00',
        'Etc/GMT+5',
        'Etc/GMT+15',
        'CET',
        'Europe/Atlantis',
        'Mars/Olympus_Mons',
        '../../etc/passwd',
        'Europe//Rome',
        'Europe/Rome/Extra',
        'x'.repeat(100_000),
        'Europe/Röme',
        'NaN',
        'Infinity',
      ),
      fc.string({ maxLength: 20 }),
    );
    await fc.assert(
      fc.asyncProperty(zoneish, async (tz) => {
        const run = await create({ timezone: tz });
        if (run.body) {
          const sent = expectCreated(run).timezone as string;
          expect(knows(tz.trim())).toBe(true);
          const listed = ZONES.find((z) => z.toLowerCase() === tz.trim().toLowerCase());
          // A listed zone in the list's spelling; an alias (UTC, CET) as the runtime names it.
          expect(sent).toBe(
            listed ?? new Intl.DateTimeFormat('en-US', { timeZone: tz.trim() }).resolvedOptions().timeZone,
          );
        } else expectRejected(run, '--timezone');
      }),
      RUNS,
    );
  });
});

describe('strategies', () => {
  it.each([
    ['from-strategy', 'fromNumberStrategy'],
    ['contact-strategy', 'contactAttemptStrategy'],
  ])(
    '--%s: rolling, clamp or custom in any case is sent in lower case; anything else is refused',
    async (flag, field) => {
      const strategyish = fc.oneof(
        fc.constantFrom('rolling', 'clamp', 'custom'),
        fc.constantFrom(
          'Rolling',
          'CLAMP',
          ' custom',
          'custom ',
          'rolling,clamp',
          'roll',
          'clamped',
          '',
          '0',
          'null',
          'constructor',
          '__proto__',
          'r'.repeat(10_000),
        ),
        fc.string({ maxLength: 10 }),
      );
      await fc.assert(
        fc.asyncProperty(strategyish, async (value) => {
          const run = await create({ [flag]: value });
          const canonical = value.trim().toLowerCase();
          if (['rolling', 'clamp', 'custom'].includes(canonical)) expect(expectCreated(run)[field]).toBe(canonical);
          else expectRejected(run, `--${flag}`);
        }),
        { numRuns: 40 },
      );
    },
  );
});

describe('--scheduled-at', () => {
  it('an ISO 8601 date-time with Z or an offset is sent exactly as typed', async () => {
    const iso = fc
      .tuple(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.constantFrom('Z', '+01:00', '-05:30', '+00:00'),
        fc.boolean(),
      )
      .map(([d, zone, ms]) => {
        const s = d.toISOString().replace(/Z$/, '');
        return `${ms ? s : s.replace(/\.\d+$/, '')}${zone}`;
      });
    await fc.assert(
      fc.asyncProperty(iso, async (value) => {
        expect(expectCreated(await create({ 'scheduled-at': value })).scheduledAt).toBe(value);
      }),
      { numRuns: 25 },
    );
  });

  it('anything else: sent only if it is a real ISO 8601 date-time, else refused', async () => {
    const hostile = fc.oneof(
      fc.constantFrom(
        '2026-01-15T09:00:00',
        '2026-01-15',
        '2026-13-01T09:00:00Z',
        '2026-02-30T09:00:00Z',
        '2026-01-15T24:00:00Z',
        '2026-01-15 09:00:00Z',
        'tomorrow',
        'now',
        '',
        '1768467600',
        'NaN',
        'Infinity',
        '2026-01-15T09:00:00+25:00',
        '+002026-01-15T09:00:00Z',
        `2026-01-15T09:00:00${'0'.repeat(5000)}Z`,
        '２０２６-01-15T09:00:00Z',
      ),
      fc.string({ maxLength: 25 }),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (value) => {
        const run = await create({ 'scheduled-at': value });
        if (run.body) {
          expect(expectCreated(run).scheduledAt).toBe(value);
          // ISO 8601 extended or basic, to the minute at least, with or without an offset (local: the campaign's timezone).
          expect(value).toMatch(
            /^(\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d([.,]\d+)?)?(Z|[+-]\d\d(:\d\d)?)?|\d{8}T\d{4}(\d\d([.,]\d+)?)?(Z|[+-]\d\d(\d\d)?)?)$/,
          );
        } else expectRejected(run, '--scheduled-at');
      }),
      { numRuns: 40 },
    );
  });

  it('--start with --scheduled-at is refused', async () => {
    const run = await create({ 'scheduled-at': '2099-01-15T09:00:00Z' }, { start: true });
    expectRejected(run, '--start');
  });
});
