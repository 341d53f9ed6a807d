// Property-based tests (fast-check) over the flags of `campaigns create`, through the real CLI against the sandbox.
// For every value — random strings, NaN, Infinity, -0, exponents, unicode digits, very long values — either the
// campaign is created with the field sent exactly as documented, or the run exits 2 naming the flag with no
// request reaching the sandbox. Never a crash, never a stack trace.
import fc from 'fast-check';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry, Sandbox } from '../../src/sandbox/server.js';
import { cli, startSandbox, tempDir, type CliOptions, type CliResult, virtualClock } from '../helpers/cli.js';
import { expectNoCrash, until } from './helpers.js';

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
  const argv = [
    'campaigns',
    'create',
    '--name',
    'Property',
    '--agent',
    'agent_sales',
    '--contacts',
    contacts,
    '--yes',
    ...flags,
  ];
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
  fc
    .tuple(
      fc.constantFrom('', '+', '-', ' ', '\t'),
      fc.stringMatching(/^[0-9]{1,20}$/),
      fc.constantFrom('', ' ', '\n', '\u00a0'),
    )
    .map(([a, b, c]) => a + b + c),
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-Infinity',
    '-0',
    '+0',
    '0x10',
    '0b11',
    '0o7',
    '1e3',
    '1E1',
    '2e0',
    '1_000',
    '1,5',
    '1.0',
    '3.',
    '.5',
    '--1',
    '++1',
    '+-1',
    '٣',
    '５',
    '３',
    '१',
    '１２',
    '𝟓',
    '5\u0000',
    '',
    ' ',
    '9'.repeat(400),
    `${'0'.repeat(300)}3`,
    '9007199254740991',
    '9007199254740993',
    'null',
    'true',
    '[]',
    '{}',
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
  it.each(FLAGS)(
    '--$flag: a whole number in range is sent as that number; anything else exits 2 with nothing sent',
    async ({ flag, field, ok }) => {
      await fc.assert(
        fc.asyncProperty(numberish, async (value) => {
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

/**
 * README's reading of a decimal flag ("plain decimals: `1.5`, `.5`, `1e0`; not `0x2`, `NaN` or `Infinity`"), spaces
 * around allowed: ASCII digits, at most one point, an optional exponent, a finite value. -0 reads as 0, as JSON sends it.
 */
/**
 * The duration grammar README states (--timeout, --request-timeout): seconds as a plain decimal without sign or
 * exponent, or hours, minutes and seconds parts in that order (`1h30m`, `0.5s`); surrounding blanks ignored.
 */
function durationSeconds(text: string): number | undefined {
  const num = '([0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)';
  const t = text.trim();
  if (new RegExp(`^${num}$`).test(t)) return Number(t);
  const m = new RegExp(`^(?:${num}h)?(?:${num}m)?(?:${num}s)?$`).exec(t);
  if (!m || t === '') return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

function plainDecimal(text: string): number | undefined {
  const m = /^\s*([+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)\s*$/.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]);
  return Number.isFinite(n) ? n + 0 : undefined;
}

/** A whole number written as a plain decimal (2, 2.0, 2e0), as a safe integer. */
function wholeDecimal(text: string): number | undefined {
  const n = plainDecimal(text);
  return n !== undefined && Number.isSafeInteger(n) ? n : undefined;
}

/** Decimals around the documented ranges (0..1, 0.25..4, 3..60), in every spelling a user or a script could produce. */
const decimalish = fc.oneof(
  fc.double({ min: -1, max: 5 }).map(String),
  fc.double({ min: 2.5, max: 61 }).map(String),
  fc
    .tuple(
      fc.constantFrom('', '+', '-', ' ', '\t'),
      fc.stringMatching(/^[0-9]{0,3}$/),
      fc.constantFrom('', '.'),
      fc.stringMatching(/^[0-9]{0,4}$/),
      fc.constantFrom('', '', 'e0', 'e-1', 'E+1', 'e', 'e-400', 'e400', 'e2', 'E-2'),
      fc.constantFrom('', ' ', '\n', '\u00a0'),
    )
    .map((parts) => parts.join('')),
  fc.constantFrom(
    '0.25',
    '.25',
    '0.2499999',
    '0.25000000000000001',
    '4.0',
    '4.0000001',
    '4e0',
    '25e-2',
    '0.4e1',
    '1e0',
    '1.',
    '.',
    '..5',
    '0.5.5',
    '-.5',
    '+.5',
    '0x1',
    '0b1',
    '0o1',
    '1_0',
    '1,5',
    '٠.٥',
    '０.５',
    '𝟎.𝟓',
    'NaN',
    'Infinity',
    '+Infinity',
    '5e-324',
    '1e-400',
    `0.${'0'.repeat(500)}1`,
    `1${'0'.repeat(400)}`,
    '3',
    '3.0',
    '2.999',
    '3e0',
    '0.3e1',
    '30e-1',
    '60',
    '60.0',
    '60.0001',
    '6e1',
    '600e-1',
    '59.99999',
  ),
);

/** Numbers from `min` to `max` as people and programs write them: shortest form, exponent, fixed digits, spaces around. */
const spelledIn = (min: number, max: number) =>
  fc
    .tuple(fc.double({ min, max, noNaN: true }), fc.constantFrom('plain', 'exp', 'fixed', 'padded'))
    .map(([x, how]) =>
      how === 'exp' ? x.toExponential() : how === 'fixed' ? x.toFixed(2) : how === 'padded' ? ` ${x}\t` : String(x),
    );

describe('tts and list flags', () => {
  let tts: Sandbox;
  let list: Sandbox;
  /** A generation that stays processing: `tts wait` on it runs until its --timeout. */
  let pendingId: string;
  const LIST_RECORDS = 17;
  beforeAll(async () => {
    tts = await startSandbox({ ttsProcessMs: 3_600_000 });
    list = await startSandbox();
    const r = await cli(['tts', 'create', '-q', '--text', 'Pending'], { sandbox: tts, configDir: join(dir, 'cfg') });
    expect(r.code, r.stderr).toBe(0);
    pendingId = r.stdout.trim();
    for (let i = 0; i < LIST_RECORDS; i++) {
      const c = await cli(['tts', 'create', '-q', '--text', `Record ${i}`], {
        sandbox: list,
        configDir: join(dir, 'cfg'),
      });
      expect(c.code, c.stderr).toBe(0);
    }
  });
  afterAll(async () => {
    await tts.close();
    await list.close();
  });

  async function runOn(sb: Sandbox, argv: string[], clock?: CliOptions['clock']): Promise<Run> {
    sb.log.length = 0;
    const r = await cli(argv, { sandbox: sb, configDir: join(dir, 'cfg'), clock });
    return { r, requests: [...sb.log] };
  }

  describe('tts create', () => {
    const FLAGS: { flag: string; field: string; min: number; max: number; range: string }[] = [
      { flag: 'speed', field: 'speed', min: 0.25, max: 4, range: '0.25 to 4' },
      { flag: 'stability', field: 'stability', min: 0, max: 1, range: '0 to 1' },
      { flag: 'similarity-boost', field: 'similarityBoost', min: 0, max: 1, range: '0 to 1' },
      { flag: 'style', field: 'style', min: 0, max: 1, range: '0 to 1' },
    ];
    it.each(FLAGS)(
      '--$flag: a plain decimal from $range is sent as that number, alone with the text; anything else exits 2 with nothing sent',
      async ({ flag, field, min, max }) => {
        await fc.assert(
          fc.asyncProperty(fc.oneof(numberish, decimalish, spelledIn(min, max)), async (value) => {
            const run = await runOn(tts, ['tts', 'create', '--text', 'Property', `--${flag}=${value}`]);
            const n = plainDecimal(value);
            if (n === undefined || n < min || n > max) return expectRejected(run, `--${flag}`);
            expect(run.r.code, run.r.stderr).toBe(0);
            expectNoCrash(run.r);
            expect(run.requests.map((e) => `${e.method} ${e.path}`)).toEqual(['POST /v1/tts']);
            // Only the flag that was set goes out (the API applies its defaults to the rest).
            expect(run.requests[0].body).toEqual({ text: 'Property', [field]: n });
          }),
          { numRuns: 40 },
        );
      },
    );
  });

  describe('tts list', () => {
    it.each([
      { flag: 'page', ok: (n: number) => n >= 1 },
      { flag: 'limit', ok: (n: number) => n >= 1 && n <= 100 },
    ])(
      '--$flag: a whole number in range is sent as that number in the query; anything else exits 2 with nothing sent',
      async ({ flag, ok }) => {
        await fc.assert(
          fc.asyncProperty(fc.oneof(numberish, decimalish), async (value) => {
            const run = await runOn(list, ['tts', 'list', `--${flag}=${value}`]);
            const n = wholeDecimal(value);
            if (n === undefined || !ok(n)) return expectRejected(run, `--${flag}`);
            expect(run.r.code, run.r.stderr).toBe(0);
            expectNoCrash(run.r);
            expect(run.requests.map((e) => `${e.method} ${e.path}`)).toEqual(['GET /v1/tts']);
            expect(run.requests[0].query).toEqual({ [flag]: String(n) });
          }),
          { numRuns: 50 },
        );
      },
    );

    /** `tts list --all --limit 2`: 9 pages, each held 10 ms so that pages in flight overlap. */
    async function listAll(value: string): Promise<Run & { maxInFlight: number }> {
      list.clearFaults();
      list.addFault({ method: 'GET', path: '/v1/tts', latencyMs: 10 });
      await until(() => list.inFlight === 0, 5000, 'the sandbox to be idle');
      list.maxInFlight = 0;
      try {
        const run = await runOn(list, ['tts', 'list', '--all', '--limit', '2', `--concurrency=${value}`]);
        return { ...run, maxInFlight: list.maxInFlight };
      } finally {
        list.clearFaults();
      }
    }

    it('--concurrency: a whole number 1 to 16 bounds the pages in flight of --all; anything else exits 2 with nothing sent', async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(numberish, fc.integer({ min: 1, max: 16 }).map(String)), async (value) => {
          const run = await listAll(value);
          const n = wholeDecimal(value);
          if (n === undefined || n < 1 || n > 16) return expectRejected(run, '--concurrency');
          expect(run.r.code, run.r.stderr).toBe(0);
          expectNoCrash(run.r);
          const pages = Math.ceil(LIST_RECORDS / 2);
          expect(run.requests.map((e) => Number(e.query.page)).sort((a, b) => a - b)).toEqual(
            Array.from({ length: pages }, (_, i) => i + 1),
          );
          expect(new Set((JSON.parse(run.r.stdout) as { id: string }[]).map((g) => g.id)).size).toBe(LIST_RECORDS);
          expect(run.maxInFlight, `pages in flight with --concurrency=${JSON.stringify(value)}`).toBeLessThanOrEqual(n);
        }),
        { numRuns: 25 },
      );
    });

    it.each([4, 16])('--concurrency %i: exactly that many pages in flight at once', async (n) => {
      list.clearFaults();
      // Page 1 alone (it tells how many pages there are), then the other 16 held until n of them are in flight
      // at once: a client that sends fewer at once is held 10 s a batch and fails; one that sends more, too.
      list.addFault({ method: 'GET', path: '/v1/tts', skip: 1, gate: n, latencyMs: 20 });
      await until(() => list.inFlight === 0, 5000, 'the sandbox to be idle');
      list.maxInFlight = 0;
      try {
        const run = await runOn(list, ['tts', 'list', '--all', '--limit', '1', '--concurrency', String(n)]);
        expect(run.r.code, run.r.stderr).toBe(0);
        expect(run.requests).toHaveLength(LIST_RECORDS);
        expect(list.maxInFlight).toBe(n);
      } finally {
        list.clearFaults();
      }
    });
  });

  describe('--request-timeout (global, a duration per request)', () => {
    it('a duration more than 0 (at most 1h) is accepted and the request is made; anything else exits 2 with nothing sent', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            numberish,
            decimalish,
            fc.constantFrom(
              '3600',
              '3600.0',
              '3600.001',
              '3.6e3',
              '1e-3',
              '30s',
              '1m',
              '1h',
              '1h0.5s',
              '59m60s',
              '2m30s',
              '1m1h',
              's',
              '5 s',
              '-1s',
              '0s',
            ),
            fc
              .tuple(fc.stringMatching(/^[0-9]{1,3}$/), fc.constantFrom('h', 'm', 's', 'ms', 'sec', 'H'))
              .map(([n, u]) => `${n}${u}`),
          ),
          async (value) => {
            const run = await runOn(tts, [`--request-timeout=${value}`, 'tts', 'list', '--limit', '1']);
            const n = durationSeconds(value);
            if (n === undefined || !(n > 0) || n > 3600) return expectRejected(run, '--request-timeout');
            expectNoCrash(run.r);
            expect(run.requests.length).toBeLessThanOrEqual(1);
            if (n >= 1) {
              expect(run.r.code, run.r.stderr).toBe(0);
              expect(run.requests.map((e) => `${e.method} ${e.path}`)).toEqual(['GET /v1/tts']);
            } else if (run.r.code !== 0) {
              // A tiny timeout (5e-324 seconds is more than 0) may end the request before it is answered: said so, exit 1.
              expect(run.r.code, run.r.stderr).toBe(1);
              expect(run.r.stderr).toMatch(/^error: GET \/v1\/tts timed out after /);
            }
          },
        ),
        { numRuns: 60 },
      );
    });

    // Timers take whole milliseconds: a value that is not one (2.5001 s) once crashed with "delay out of range".
    it.each(['2.5001', '0.0015', '2.5000000000000004', '.0001s'])(
      '--request-timeout=%s (not a whole number of ms) is accepted and used, not a crash',
      async (value) => {
        // Below a second the request must end by its timeout: the sandbox never answers it (no race with a fast answer).
        const short = Number.parseFloat(value) < 1;
        if (short) tts.addFault({ method: 'GET', path: '/v1/tts', kind: 'hang' });
        try {
          const run = await runOn(tts, [`--request-timeout=${value}`, 'tts', 'list', '--limit', '1']);
          expectNoCrash(run.r);
          if (!short) expect(run.r.code, run.r.stderr).toBe(0);
          else {
            expect(run.r.code, run.r.stderr).toBe(1);
            expect(run.r.stderr).toMatch(/^error: GET \/v1\/tts timed out after /);
          }
        } finally {
          tts.clearFaults();
        }
      },
    );

    it('the value, however it is spelled, is the timeout applied', async () => {
      const spelled = fc
        .tuple(fc.integer({ min: 50, max: 200 }), fc.constantFrom('plain', 'point', 'unit', 'spaced'))
        .map(([ms, how]) => {
          const text =
            how === 'plain'
              ? `0.${String(ms).padStart(3, '0')}`
              : how === 'point'
                ? `.${String(ms).padStart(3, '0')}`
                : how === 'unit'
                  ? `0.${String(ms).padStart(3, '0')}s`
                  : ` 0.${String(ms).padStart(3, '0')}\t`;
          return { ms, text };
        });
      await fc.assert(
        fc.asyncProperty(spelled, async ({ ms, text }) => {
          tts.clearFaults();
          tts.addFault({ method: 'GET', path: '/v1/tts', kind: 'hang' });
          try {
            const started = Date.now();
            const run = await runOn(tts, [`--request-timeout=${text}`, 'tts', 'list']);
            const took = Date.now() - started;
            expect(run.r.code, run.r.stderr).toBe(1);
            const said = /timed out after ([0-9.e+-]+)s/.exec(run.r.stderr);
            expect(said, run.r.stderr).not.toBeNull();
            expect(Number(said![1])).toBeCloseTo(ms / 1000, 9);
            expect(run.requests).toHaveLength(1); // a timeout is not retried
            expect(took).toBeGreaterThanOrEqual(ms - 2);
            expect(took, 'ended by this timeout, not the default 30 s').toBeLessThan(10_000);
          } finally {
            tts.clearFaults();
          }
        }),
        { numRuns: 8 },
      );
    });
  });

  describe('tts wait --interval', () => {
    it('a plain decimal from 3 to 60 is accepted and polls no faster; anything else exits 2 with nothing sent', async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(numberish, decimalish, spelledIn(3, 60)), async (value) => {
          // The generation stays processing and the wait gives up after 0.1 s: at an interval of 3 s or more that is
          // the first poll and one at the deadline, never a poll every few milliseconds. The wait runs on a clock of
          // its own (it moves only as the command waits), so the 0.1 s pass at once and the count does not hang on load.
          const clock = virtualClock();
          const run = await runOn(tts, ['tts', 'wait', pendingId, `--interval=${value}`, '--timeout', '0.1s'], clock);
          const n = plainDecimal(value);
          if (n === undefined || n < 3 || n > 60) return expectRejected(run, '--interval');
          expect(run.r.code, run.r.stderr).toBe(6);
          expectNoCrash(run.r);
          expect(run.requests.length).toBeGreaterThanOrEqual(1);
          expect(run.requests.length).toBeLessThanOrEqual(2);
          // One wait, up to the deadline: the interval asked for (3 s or more) was never cut into shorter polls.
          expect(clock.waits).toEqual([100]);
          for (const e of run.requests) expect(`${e.method} ${e.path}`).toBe(`GET /v1/tts/${pendingId}`);
        }),
        { numRuns: 30 },
      );
    });
  });
});

const E164_SHAPE = /^\+[1-9][0-9]{1,14}$/;
/** A caller ID the CLI sends: E.164 in form, and a real number (libphonenumber-js, not our own code, decides). */
const E164 = { test: (v: string) => E164_SHAPE.test(v) && isValidPhoneNumber(v) };
/** Real numbers of several countries, for the accepted side of the properties. */
const REAL = ['+390612345678', '+393331234567', '+442079460958', '+4915123456780', '+12025550143', '+33612345678'];
const phoneish = fc.oneof(
  fc.constantFrom(...REAL),
  fc.stringMatching(/^\+[1-9][0-9]{1,14}$/),
  fc.stringMatching(/^\+?[0-9]{0,18}$/),
  fc
    .tuple(fc.constantFrom('', ' ', '\t'), fc.stringMatching(/^\+[1-9][0-9]{5,13}$/), fc.constantFrom('', ' ', '\n'))
    .map(([a, b, c]) => a + b + c),
  fc.constantFrom(
    ORG_NUMBER,
    '+39 02 1234 5678',
    '+39-02-12345678',
    '0039021234567',
    '+390212345678x1',
    '+0212345678',
    '+1',
    '+12',
    '+1234567890123456',
    '+３９０２１２３４５６７８',
    '+٣٩٠٢١٢٣٤٥٦٧٨',
    '+3.9e11',
    '+Infinity',
    '+NaN',
    '+-1',
    '++390212345678',
    `+${'1'.repeat(5000)}`,
    '',
    ' ',
    '+',
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

const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const timeish = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${pad(h, 2)}:${pad(m, 2)}`),
  fc
    .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 3 }))
    .map(([h, m, w]) => `${pad(h, w)}:${pad(m, w)}`),
  fc.constantFrom(
    '24:00',
    '9:00',
    '09:0',
    '09.00',
    '0900',
    '09:00:00',
    '٠٩:٠٠',
    '０９:００',
    '-1:00',
    '+9:00',
    '1e1:00',
    'NaN:00',
    '',
    ':',
    `${'0'.repeat(1000)}9:00`,
  ),
  fc.string({ maxLength: 8 }),
);

describe('calling window', () => {
  it('--window START-END: two HH:MM times that differ are sent as start and end; anything else exits 2', async () => {
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

  it('--start-time / --end-time: HH:MM exactly, sent as typed; anything else exits 2', async () => {
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

  it('anything else: exactly the days the value names are sent, in its order, or exit 2 with nothing sent; never a crash', async () => {
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
        expectNoCrash(run.r);
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

  it('anything else: sent in its IANA spelling (any case typed) only if the runtime knows it, else exit 2 with nothing sent', async () => {
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
        expectNoCrash(run.r);
        if (run.r.code === 0) {
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
  ])('--%s: rolling, clamp or custom in any case is sent in lower case; anything else exits 2', async (flag, field) => {
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

  it('anything else: sent only if it is a real ISO 8601 date-time, else exit 2', async () => {
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
        expectNoCrash(run.r);
        if (run.r.code === 0) {
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

  it('--start with --scheduled-at is refused before sending', async () => {
    const run = await create({ 'scheduled-at': '2099-01-15T09:00:00Z' }, ['--start']);
    expectRejected(run, '--start');
  });
});

describe('--dry-run never sends anything, whatever the flags', () => {
  it('random values of every flag: exit 0 or 2, no request, no crash', async () => {
    const flagArb = fc.dictionary(
      fc.constantFrom(
        'max-retries',
        'retry-delay',
        'max-concurrency',
        'keep-free-for-inbound',
        'from',
        'from-attempts',
        'window',
        'days',
        'timezone',
        'from-strategy',
        'contact-strategy',
        'scheduled-at',
        'plan-rows',
      ),
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
