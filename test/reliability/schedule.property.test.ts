// Property-based tests (fast-check) of the calling schedule's flags of `campaigns create` (--window, --start-time,
// --end-time, --days, --timezone, --scheduled-at), on the pure steps that turn them into the body
// (./campaign-flags.ts): the body carries exactly what the value names, or a usage error (exit 2) names the flag.
// The CLI's side, once per flag at its boundary: flags.e2e.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HHMM, timeish } from './arbitraries.js';
import { create, expectCreated, expectRejected, RUNS } from './campaign-flags.js';

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
