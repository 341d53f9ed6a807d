// Property-based tests (fast-check) over the flags of `campaigns create`, through the real CLI against the sandbox.
// For every value — random strings, NaN, Infinity, -0, exponents, unicode digits, very long values — either the
// campaign is created with the field sent exactly as documented, or the run exits 2 naming the flag with no
// request reaching the sandbox. Never a crash, never a stack trace.
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry, Sandbox } from '../../src/sandbox/server.js';
import { cli, startSandbox, tempDir, type CliResult } from '../helpers/cli.js';
import { expectNoCrash } from './helpers.js';

const RUNS = { numRuns: 60 };
const ORG_NUMBER = '+390212345678';

let sandbox: Sandbox;
let dir: string;
let contacts: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  dir = tempDir();
  contacts = join(dir, 'contacts.json');
  writeFileSync(contacts, JSON.stringify([{ phone_number: '+393331234567', first_name: 'Anna' }]));
});
afterAll(() => sandbox.close());

interface Run {
  r: CliResult;
  /** Every request that reached the sandbox during the run. */
  requests: LogEntry[];
  /** The body of the one POST /v1/campaigns, if one was sent. */
  body?: Record<string, unknown>;
}

/** `campaigns create` with the required flags and `extra`, values given as --flag=value so any text stays one value. */
async function create(extra: Record<string, string>, flags: string[] = []): Promise<Run> {
  sandbox.log.length = 0;
  const argv = ['campaigns', 'create', '--name', 'Property', '--agent', 'agent_sales', '--contacts', contacts, '--yes', ...flags];
  if (!('from' in extra)) argv.push('--from', ORG_NUMBER);
  for (const [k, v] of Object.entries(extra)) argv.push(`--${k}=${v}`);
  const r = await cli(argv, { sandbox, configDir: join(dir, 'cfg') });
  const requests = [...sandbox.log];
  const posts = requests.filter((e) => e.method === 'POST' && e.path === '/v1/campaigns');
  return { r, requests, body: posts.length === 1 ? (posts[0].body as Record<string, unknown>) : undefined };
}

function expectRejected(run: Run, flag: string): void {
  expect(run.r.code, `expected exit 2 naming ${flag}; stderr:\n${run.r.stderr}`).toBe(2);
  expect(run.requests, 'no request may reach the sandbox').toEqual([]);
  const first = run.r.stderr.split('\n')[0];
  expect(first.startsWith('error: ') && first.includes(flag), run.r.stderr).toBe(true);
  expect(run.r.stdout).toBe('');
  expectNoCrash(run.r);
}

function expectCreated(run: Run): Record<string, unknown> {
  expect(run.r.code, run.r.stderr).toBe(0);
  expect(run.requests).toHaveLength(1);
  expect(run.body).toBeDefined();
  expectNoCrash(run.r);
  return run.body!;
}

/** Everything a hostile user could type where a number is expected. */
const numberish = fc.oneof(
  fc.integer({ min: -3, max: 40 }).map(String),
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
  fc.double().map(String),
  fc.tuple(fc.constantFrom('', '+', '-', ' ', '\t'), fc.stringMatching(/^[0-9]{1,20}$/), fc.constantFrom('', ' ', '\n', '\u00a0')).map(([a, b, c]) => a + b + c),
  fc.constantFrom(
    'NaN', 'Infinity', '-Infinity', '-0', '+0', '0x10', '0b11', '0o7', '1e3', '1E1', '2e0', '1_000', '1,5', '1.0', '3.', '.5', '--1', '++1', '+-1',
    '٣', '５', '３', '१', '１２', '𝟓', '5\u0000', '', ' ', '9'.repeat(400), `${'0'.repeat(300)}3`, '9007199254740991', '9007199254740993', 'null', 'true', '[]', '{}',
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/** The documented reading of an integer flag: a whole number in ASCII digits (spaces around allowed), as a safe integer. */
function wholeNumber(text: string): number | undefined {
  if (!/^\s*[+-]?[0-9]+\s*$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n + 0 : undefined; // + 0 turns -0 into 0, as JSON sends it
}

describe('numeric flags', () => {
  const FLAGS: { flag: string; field: string; ok: (n: number) => boolean }[] = [
    { flag: 'max-retries', field: 'maxRetries', ok: (n) => n >= 0 && n <= 5 },
    { flag: 'retry-delay', field: 'retryDelayMinutes', ok: (n) => n >= 0 },
    { flag: 'max-concurrency', field: 'maxConcurrency', ok: (n) => n >= 1 },
    { flag: 'keep-free-for-inbound', field: 'keepFreeForInbound', ok: (n) => n >= 0 },
  ];
  it.each(FLAGS)('--$flag: a whole number in range is sent as that number; anything else exits 2 with nothing sent', async ({ flag, field, ok }) => {
    await fc.assert(
      fc.asyncProperty(numberish, async (value) => {
        const run = await create({ [flag]: value });
        const n = wholeNumber(value);
        if (n !== undefined && ok(n)) expect(expectCreated(run)[field]).toBe(n);
        else expectRejected(run, `--${flag}`);
      }),
      RUNS,
    );
  });

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

const E164 = /^\+[1-9][0-9]{1,14}$/;
const phoneish = fc.oneof(
  fc.stringMatching(/^\+[1-9][0-9]{1,14}$/),
  fc.stringMatching(/^\+?[0-9]{0,18}$/),
  fc.tuple(fc.constantFrom('', ' ', '\t'), fc.stringMatching(/^\+[1-9][0-9]{5,13}$/), fc.constantFrom('', ' ', '\n')).map(([a, b, c]) => a + b + c),
  fc.constantFrom(
    ORG_NUMBER, '+39 02 1234 5678', '+39-02-12345678', '0039021234567', '+390212345678x1', '+0212345678', '+1', '+12', '+1234567890123456',
    '+３９０２１２３４５６７８', '+٣٩٠٢١٢٣٤٥٦٧٨', '+3.9e11', '+Infinity', '+NaN', '+-1', '++390212345678', `+${'1'.repeat(5000)}`, '', ' ', '+',
  ),
  fc.string({ maxLength: 16 }),
  fc.string({ unit: 'binary', maxLength: 16 }),
);

describe('phone numbers', () => {
  it('--from: E.164 (spaces around allowed) is sent trimmed; anything else exits 2 with nothing sent', async () => {
    await fc.assert(
      fc.asyncProperty(phoneish, async (value) => {
        const run = await create({ from: value });
        const want = value.trim();
        if (!E164.test(want)) return expectRejected(run, '--from');
        // Sent exactly; the sandbox then accepts only the organization's own numbers (400, exit 1), as the service does.
        expect(run.requests).toHaveLength(1);
        expect(run.body?.fromNumber).toBe(want);
        expect(run.r.code, run.r.stderr).toBe(want === ORG_NUMBER ? 0 : 1);
        expectNoCrash(run.r);
      }),
      RUNS,
    );
  });

  it('--from-attempts: each comma-separated number E.164, sent as a list; anything else exits 2', async () => {
    const list = fc.oneof(
      fc.array(phoneish, { minLength: 1, maxLength: 4 }).map((a) => a.join(',')),
      fc.array(fc.stringMatching(/^\+[1-9][0-9]{5,13}$/), { minLength: 1, maxLength: 6 }).map((a) => a.join(', ')),
      fc.constantFrom(',', ',,', ' , ', `${ORG_NUMBER},`, `,${ORG_NUMBER}`, `${ORG_NUMBER};+390298765432`, `${ORG_NUMBER} +390298765432`),
    );
    await fc.assert(
      fc.asyncProperty(list, async (value) => {
        const run = await create({ 'from-attempts': value });
        const parts = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
        if (parts.length > 0 && parts.every((p) => E164.test(p))) expect(expectCreated(run).fromNumberAttempts).toEqual(parts);
        else expectRejected(run, '--from-attempts');
      }),
      RUNS,
    );
  });
});

const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const timeish = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${pad(h, 2)}:${pad(m, 2)}`),
  fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 3 })).map(([h, m, w]) => `${pad(h, w)}:${pad(m, w)}`),
  fc.constantFrom('24:00', '9:00', '09:0', '09.00', '0900', '09:00:00', '٠٩:٠٠', '０９:００', '-1:00', '+9:00', '1e1:00', 'NaN:00', '', ':', `${'0'.repeat(1000)}9:00`),
  fc.string({ maxLength: 8 }),
);

describe('calling window', () => {
  it('--window START-END: two HH:MM times that differ are sent as start and end; anything else exits 2', async () => {
    const windowish = fc.oneof(
      fc.tuple(timeish, fc.constantFrom('-', ' - ', '  -', '–', '--', ' to '), timeish).map(([a, d, b]) => `${a}${d}${b}`),
      fc.tuple(fc.constantFrom('', ' '), timeish, timeish, fc.constantFrom('', '\t')).map(([a, s, e, z]) => `${a}${s}-${e}${z}`),
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

  it('--start-time / --end-time: HH:MM exactly, sent as typed; anything else exits 2', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('start-time', 'end-time'), timeish, async (flag, value) => {
        const run = await create({ [flag]: value });
        if (HHMM.test(value)) expect(expectCreated(run)[flag === 'start-time' ? 'callingStartTime' : 'callingEndTime']).toBe(value);
        else expectRejected(run, `--${flag}`);
      }),
      RUNS,
    );
  });
});

describe('--days', () => {
  const NAMES = [['sun', 'sunday'], ['mon', 'monday'], ['tue', 'tuesday', 'tues'], ['wed', 'wednesday'], ['thu', 'thursday', 'thurs'], ['fri', 'friday'], ['sat', 'saturday']];
  const dayToken = (d: number) => fc.oneof(fc.constant(String(d)), fc.constantFrom(...NAMES[d]).chain((n) => fc.constantFrom(n, n.toUpperCase(), n[0].toUpperCase() + n.slice(1))));

  it('a list of distinct weekdays (numbers or names, any case) is sent in the order written', async () => {
    const listArb = fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6], { minLength: 1 }).chain((days) =>
      fc.tuple(fc.constant(days), fc.tuple(...days.map(dayToken)), fc.constantFrom(',', ', ', ' ,')),
    );
    await fc.assert(
      fc.asyncProperty(listArb, async ([days, tokens, sep]) => {
        const run = await create({ days: tokens.join(sep) });
        expect(expectCreated(run).callingDays).toEqual(days);
      }),
      { numRuns: 30 },
    );
  });

  it('a range A-B is every day from A to B, wrapping past Saturday', async () => {
    const rangeArb = fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })).chain(([a, b]) => fc.tuple(fc.constant([a, b]), dayToken(a), dayToken(b), fc.constantFrom('-', ' - ')));
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

  it('anything else: either distinct weekdays 0-6 are sent, or exit 2 with nothing sent; never a crash', async () => {
    const hostile = fc.oneof(
      fc.tuple(fc.oneof(fc.integer({ min: -2, max: 12 }).map(String), fc.bigInt({ min: 0n, max: 10n ** 15n }).map(String)), fc.constantFrom('-', ',', ' - '), fc.oneof(fc.integer({ min: -2, max: 12 }).map(String), fc.bigInt({ min: 0n, max: 10n ** 15n }).map(String))).map(([a, s, b]) => `${a}${s}${b}`),
      fc.constantFrom(
        '0-99999999999', '99999999999-0', '7-9', '0-6,1', 'mon-fri,wed', '-', ',,', ',', '', ' ', 'mon-', '-fri', 'mon--fri', 'weekdays', 'mo', 'mondayy', 'Mon-Fri-Sat',
        '١-٥', '１-５', 'NaN', 'Infinity', '1e1', '-0', '0x1', `${'mon,'.repeat(2000)}`, '0-6', 'sun-sat', 'sat-sun', 'constructor', '__proto__', 'toString',
      ),
      fc.string({ maxLength: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (value) => {
        const run = await create({ days: value });
        expectNoCrash(run.r);
        if (run.r.code === 0) {
          const days = expectCreated(run).callingDays as number[];
          expect(days.length).toBeGreaterThan(0);
          expect(new Set(days).size).toBe(days.length);
          for (const d of days) expect(Number.isInteger(d) && d >= 0 && d <= 6).toBe(true);
        } else expectRejected(run, '--days');
      }),
      { numRuns: 80, examples: [['0-99999999999'], ['7-99999999999999']] },
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

  it('anything else: sent exactly as typed only if the runtime knows it, else exit 2 with nothing sent', async () => {
    const zoneish = fc.oneof(
      fc.constantFrom(...ZONES).chain((z) => fc.constantFrom(` ${z}`, `${z} `, `${z}\n`, z.toLowerCase(), z.toUpperCase(), `${z}/`, `/${z}`, `${z}/..`, `../${z}`, z.replace('/', '\\'), `${z}\u0000`)),
      fc.constantFrom('', ' ', 'UTC', 'utc', 'Z', 'GMT', '+01:00', '-05:00', 'Etc/GMT+5', 'Etc/GMT+15', 'CET', 'Europe/Atlantis', 'Mars/Olympus_Mons', '../../etc/passwd', 'Europe//Rome', 'Europe/Rome/Extra', 'x'.repeat(100_000), 'Europe/Röme', 'NaN', 'Infinity'),
      fc.string({ maxLength: 20 }),
    );
    await fc.assert(
      fc.asyncProperty(zoneish, async (tz) => {
        const run = await create({ timezone: tz });
        expectNoCrash(run.r);
        if (run.r.code === 0) {
          expect(expectCreated(run).timezone).toBe(tz);
          expect(knows(tz)).toBe(true);
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
  ])('--%s: exactly rolling, clamp or custom is sent; anything else exits 2', async (flag, field) => {
    const strategyish = fc.oneof(
      fc.constantFrom('rolling', 'clamp', 'custom'),
      fc.constantFrom('Rolling', 'CLAMP', ' custom', 'custom ', 'rolling,clamp', 'roll', 'clamped', '', '0', 'null', 'constructor', '__proto__', 'r'.repeat(10_000)),
      fc.string({ maxLength: 10 }),
    );
    await fc.assert(
      fc.asyncProperty(strategyish, async (value) => {
        const run = await create({ [flag]: value });
        if (['rolling', 'clamp', 'custom'].includes(value)) expect(expectCreated(run)[field]).toBe(value);
        else expectRejected(run, `--${flag}`);
      }),
      { numRuns: 40 },
    );
  });
});

describe('--scheduled-at', () => {
  it('an ISO 8601 date-time with Z or an offset is sent exactly as typed', async () => {
    const iso = fc
      .tuple(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }), fc.constantFrom('Z', '+01:00', '-05:30', '+00:00'), fc.boolean())
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

  it('anything else: sent only if it is a real date-time with a time zone, else exit 2', async () => {
    const hostile = fc.oneof(
      fc.constantFrom(
        '2026-01-15T09:00:00', '2026-01-15', '2026-13-01T09:00:00Z', '2026-02-30T09:00:00Z', '2026-01-15T24:00:00Z', '2026-01-15 09:00:00Z', 'tomorrow', 'now', '',
        '1768467600', 'NaN', 'Infinity', '2026-01-15T09:00:00+25:00', '+002026-01-15T09:00:00Z', `2026-01-15T09:00:00${'0'.repeat(5000)}Z`, '２０２６-01-15T09:00:00Z',
      ),
      fc.string({ maxLength: 25 }),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (value) => {
        const run = await create({ 'scheduled-at': value });
        expectNoCrash(run.r);
        if (run.r.code === 0) {
          expect(expectCreated(run).scheduledAt).toBe(value);
          expect(Number.isNaN(Date.parse(value))).toBe(false);
          expect(value).toMatch(/(Z|[+-]\d\d:\d\d)$/);
        } else expectRejected(run, '--scheduled-at');
      }),
      { numRuns: 40 },
    );
  });

  it('--start with --scheduled-at is refused before sending', async () => {
    const run = await create({ 'scheduled-at': '2099-01-15T09:00:00Z' }, ['--start']);
    expectRejected(run, '--start');
  });
});

describe('--dry-run never sends anything, whatever the flags', () => {
  it('random values of every flag: exit 0 or 2, no request, no crash', async () => {
    const flagArb = fc.dictionary(
      fc.constantFrom('max-retries', 'retry-delay', 'max-concurrency', 'keep-free-for-inbound', 'from', 'from-attempts', 'window', 'days', 'timezone', 'from-strategy', 'contact-strategy', 'scheduled-at', 'plan-rows'),
      fc.oneof(numberish, phoneish, timeish, fc.string({ maxLength: 10 })),
      { maxKeys: 5 },
    );
    await fc.assert(
      fc.asyncProperty(flagArb, async (flags) => {
        const run = await create(flags, ['--dry-run']);
        expect(run.requests).toEqual([]);
        expect([0, 2]).toContain(run.r.code);
        expectNoCrash(run.r);
        if (run.r.code === 0) expect(() => JSON.parse(run.r.stdout)).not.toThrow();
        else expect(run.r.stderr).toMatch(/^error: /);
      }),
      { numRuns: 60 },
    );
  });
});
