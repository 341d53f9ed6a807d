// The flags whose rules the property tests check on the pure steps (validators.property.test.ts,
// tts-flags.property.test.ts), through the real CLI against the sandbox, once per flag at its boundary: the last
// good value reaches the sandbox as documented; the first bad one exits 2 naming the flag, with nothing sent.
// Then what only a whole run shows: --dry-run sends nothing whatever the flags, --concurrency bounds the pages in
// flight, --request-timeout is the timeout applied, --interval is the time between polls.
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry, Sandbox } from '../../src/sandbox/server.js';
import { type CliOptions, type CliResult, cli, startSandbox, tempDir, virtualClock } from '../helpers/cli.js';
import { numberish, ORG_NUMBER, phoneish, timeish } from './arbitraries.js';
import { expectNoCrash, until } from './helpers.js';

let sandbox: Sandbox;
/** Holds LIST_RECORDS generations, for --all walks. */
let list: Sandbox;
/** Its generations stay processing: `tts wait` on one runs until its --timeout. */
let slow: Sandbox;
let pendingId: string;
let dir: string;
let contacts: string;
const LIST_RECORDS = 17;
beforeAll(async () => {
  [sandbox, list, slow] = await Promise.all([
    startSandbox(),
    startSandbox(),
    startSandbox({ ttsProcessMs: 3_600_000 }),
  ]);
  dir = tempDir();
  contacts = join(dir, 'contacts.json');
  writeFileSync(contacts, JSON.stringify([{ phone_number: '+393331234567', first_name: 'Anna' }]));
  for (let i = 0; i < LIST_RECORDS; i++)
    expect((await run(['tts', 'create', '-q', '--text', `Record ${i}`], { on: list })).r.code).toBe(0);
  pendingId = (await run(['tts', 'create', '-q', '--text', 'Pending'], { on: slow })).r.stdout.trim();
});
afterAll(async () => {
  await Promise.all([sandbox.close(), list.close(), slow.close()]);
});

interface Run {
  r: CliResult;
  /** Every request that reached the sandbox during the run. */
  requests: LogEntry[];
}

async function run(argv: string[], opts: { on?: Sandbox; clock?: CliOptions['clock'] } = {}): Promise<Run> {
  const sb = opts.on ?? sandbox;
  sb.log.length = 0;
  const r = await cli(argv, { sandbox: sb, configDir: join(dir, 'cfg'), clock: opts.clock });
  return { r, requests: [...sb.log] };
}

/** `campaigns create` with the required flags and `extra`, each given as --flag=value so any text stays one value. */
function create(extra: string[], more: string[] = []): Promise<Run> {
  const from = extra.some((a) => a.startsWith('--from=')) ? [] : ['--from', ORG_NUMBER];
  const base = ['campaigns', 'create', '--name', 'Boundary', '--agent', 'agent_sales', '--contacts', contacts, '--yes'];
  return run([...base, ...from, ...extra, ...more]);
}

function expectRejected(run: Run, flag: string): void {
  expect(run.r.code, `expected exit 2 naming ${flag}; stderr:\n${run.r.stderr}`).toBe(2);
  expect(run.requests, 'no request may reach the sandbox').toEqual([]);
  expect(run.r.stderr.split('\n')[0]).toMatch(new RegExp(`^error: ${flag}\\b`));
  expect(run.r.stdout).toBe('');
  expectNoCrash(run.r);
}

function sentBody(run: Run, path: string): Record<string, unknown> {
  expect(run.r.code, run.r.stderr).toBe(0);
  expectNoCrash(run.r);
  expect(run.requests.map((e) => `${e.method} ${e.path}`)).toEqual([`POST ${path}`]);
  return run.requests[0].body as Record<string, unknown>;
}

describe('campaigns create: each flag at its boundary', () => {
  // [flag, last good value, what it sends, first bad value, flags it needs]
  const CASES: [string, string, Record<string, unknown>, string, string[]?][] = [
    ['--max-retries', '5', { maxRetries: 5 }, '6'],
    ['--retry-delay', '5', { retryDelayMinutes: 5 }, '4', ['--max-retries=1']],
    ['--max-concurrency', '1', { maxConcurrency: 1 }, '0'],
    ['--keep-free-for-inbound', '1', { keepFreeForInbound: 1 }, '2', ['--max-concurrency=2']],
    ['--from', ` ${ORG_NUMBER} `, { fromNumber: ORG_NUMBER }, '+12'],
    [
      '--from-attempts',
      '+390298765432, +393401234567',
      { fromNumberAttempts: ['+390298765432', '+393401234567'] },
      '+390298765432,+12',
      ['--max-retries=1'],
    ],
    ['--window', '00:00-23:59', { callingStartTime: '00:00', callingEndTime: '23:59' }, '00:00-24:00'],
    ['--start-time', '23:59', { callingStartTime: '23:59' }, '24:00'],
    ['--end-time', '00:00', { callingEndTime: '00:00' }, '0:00'],
    ['--days', 'sat-sun', { callingDays: [6, 0] }, '0-7'],
    ['--timezone', 'europe/rome', { timezone: 'Europe/Rome' }, 'Europe/Atlantis'],
    ['--from-strategy', 'CLAMP', { fromNumberStrategy: 'clamp' }, 'clamped', ['--max-retries=1']],
    ['--contact-strategy', 'Custom', { contactAttemptStrategy: 'custom' }, 'customs', ['--max-retries=1']],
    [
      '--scheduled-at',
      '2099-12-31T23:59+14:00',
      { scheduledAt: '2099-12-31T23:59:00+14:00' },
      '2099-12-31T23:59+25:00',
    ],
  ];
  it.each(CASES)('%s %j is sent as %j; %j exits 2 with nothing sent', async (flag, good, sent, bad, needs = []) => {
    expect(sentBody(await create([`${flag}=${good}`, ...needs]), '/v1/campaigns')).toMatchObject(sent);
    expectRejected(await create([`${flag}=${bad}`, ...needs]), flag);
  });

  it('--start with --scheduled-at exits 2 with nothing sent', async () => {
    expectRejected(await create(['--scheduled-at=2099-01-15T09:00:00Z'], ['--start']), '--start');
  });
});

describe('tts and list flags: each at its boundary', () => {
  it.each([
    ['--speed', '4', { speed: 4 }, '4.01'],
    ['--stability', '1', { stability: 1 }, '1.01'],
    ['--similarity-boost', '0', { similarityBoost: 0 }, '-0.01'],
    ['--style', '1e0', { style: 1 }, '1.0001'],
  ])(
    'tts create %s %s is sent as %o alone with the text; %s exits 2 with nothing sent',
    async (flag, good, sent, bad) => {
      expect(sentBody(await run(['tts', 'create', '--text', 'Edge', `${flag}=${good}`]), '/v1/tts')).toEqual({
        text: 'Edge',
        ...sent,
      });
      expectRejected(await run(['tts', 'create', '--text', 'Edge', `${flag}=${bad}`]), flag);
    },
  );

  it.each([
    ['--page', '1', '0'],
    ['--limit', '100', '101'],
  ])('tts list %s %s is sent in the query; %s exits 2 with nothing sent', async (flag, good, bad) => {
    const ok = await run(['tts', 'list', `${flag}=${good}`]);
    expect(ok.r.code, ok.r.stderr).toBe(0);
    expect(ok.requests.map((e) => e.query)).toEqual([{ [flag.slice(2)]: good }]);
    expectRejected(await run(['tts', 'list', `${flag}=${bad}`]), flag);
  });

  it('--request-timeout 1h is accepted and the request made; 3600.001 exits 2 with nothing sent', async () => {
    const ok = await run(['--request-timeout=1h', 'tts', 'list', '--limit', '1']);
    expect(ok.r.code, ok.r.stderr).toBe(0);
    expect(ok.requests).toHaveLength(1);
    expectRejected(await run(['--request-timeout=3600.001', 'tts', 'list']), '--request-timeout');
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
        const r = await create(
          Object.entries(flags).map(([k, v]) => `--${k}=${v}`),
          ['--dry-run'],
        );
        expect(r.requests).toEqual([]);
        expect([0, 2]).toContain(r.r.code);
        expectNoCrash(r.r);
        if (r.r.code === 0) expect(() => JSON.parse(r.r.stdout)).not.toThrow();
        else expect(r.r.stderr).toMatch(/^error: /);
      }),
      { numRuns: 60 },
    );
  });
});

describe('what only a whole run shows', () => {
  it.each([4, 16])(
    '--concurrency %i (the last good value: 16): exactly that many pages in flight at once',
    async (n) => {
      list.clearFaults();
      // Page 1 alone (it tells how many pages there are), then the other 16 held until n of them are in flight
      // at once: a client that sends fewer at once is held 10 s a batch and fails; one that sends more, too.
      list.addFault({ method: 'GET', path: '/v1/tts', skip: 1, gate: n, latencyMs: 20 });
      await until(() => list.inFlight === 0, 5000, 'the sandbox to be idle');
      list.maxInFlight = 0;
      try {
        const r = await run(['tts', 'list', '--all', '--limit', '1', '--concurrency', String(n)], { on: list });
        expect(r.r.code, r.r.stderr).toBe(0);
        expect(r.requests).toHaveLength(LIST_RECORDS);
        expect(new Set((JSON.parse(r.r.stdout) as { id: string }[]).map((g) => g.id)).size).toBe(LIST_RECORDS);
        expect(list.maxInFlight).toBe(n);
      } finally {
        list.clearFaults();
      }
    },
  );

  it('--concurrency 17 exits 2 with nothing sent', async () => {
    expectRejected(await run(['tts', 'list', '--all', '--concurrency=17'], { on: list }), '--concurrency');
  });

  // Timers take whole milliseconds: a value that is not one (2.5001 s) once crashed with "delay out of range".
  it.each(['2.5001', '0.0015', '2.5000000000000004', '.0001s'])(
    '--request-timeout=%s (not a whole number of ms) is accepted and used, not a crash',
    async (value) => {
      // Below a second the request must end by its timeout: the sandbox never answers it (no race with a fast answer).
      const short = Number.parseFloat(value) < 1;
      if (short) slow.addFault({ method: 'GET', path: '/v1/tts', kind: 'hang' });
      try {
        const r = await run([`--request-timeout=${value}`, 'tts', 'list', '--limit', '1'], { on: slow });
        expectNoCrash(r.r);
        if (!short) expect(r.r.code, r.r.stderr).toBe(0);
        else {
          expect(r.r.code, r.r.stderr).toBe(1);
          expect(r.r.stderr).toMatch(/^error: GET \/v1\/tts timed out after /);
        }
      } finally {
        slow.clearFaults();
      }
    },
  );

  it('the --request-timeout value, however it is spelled, is the timeout applied', async () => {
    const spelled = fc
      .tuple(fc.integer({ min: 50, max: 200 }), fc.constantFrom('plain', 'point', 'unit', 'spaced'))
      .map(([ms, how]) => {
        const digits = String(ms).padStart(3, '0');
        const text =
          how === 'plain'
            ? `0.${digits}`
            : how === 'point'
              ? `.${digits}`
              : how === 'unit'
                ? `0.${digits}s`
                : ` 0.${digits}\t`;
        return { ms, text };
      });
    await fc.assert(
      fc.asyncProperty(spelled, async ({ ms, text }) => {
        slow.clearFaults();
        slow.addFault({ method: 'GET', path: '/v1/tts', kind: 'hang' });
        try {
          const started = Date.now();
          const r = await run([`--request-timeout=${text}`, 'tts', 'list'], { on: slow });
          const took = Date.now() - started;
          expect(r.r.code, r.r.stderr).toBe(1);
          const said = /timed out after ([0-9.e+-]+)s/.exec(r.r.stderr);
          expect(said, r.r.stderr).not.toBeNull();
          expect(Number(said![1])).toBeCloseTo(ms / 1000, 9);
          // A timeout is not retried: one request at most (none when a loaded machine takes longer than the
          // timeout, tens of ms here, to connect: the timeout covers the connection too).
          expect(r.requests.length).toBeLessThanOrEqual(1);
          expect(took).toBeGreaterThanOrEqual(ms - 2);
          expect(took, 'ended by this timeout, not the default 30 s').toBeLessThan(10_000);
        } finally {
          slow.clearFaults();
        }
      }),
      { numRuns: 8 },
    );
  });

  it.each([
    ['3', '2.9'],
    ['60', '60.01'],
  ])('tts wait --interval %s polls no faster; %s exits 2 with nothing sent', async (good, bad) => {
    // The generation stays processing and the wait gives up after 0.1 s: at an interval of 3 s or more that is the
    // first poll and one at the deadline, never a poll every few milliseconds. The wait runs on a clock of its own
    // (it moves only as the command waits), so the 0.1 s pass at once and the count does not hang on load.
    const clock = virtualClock();
    const r = await run(['tts', 'wait', pendingId, `--interval=${good}`, '--timeout', '0.1s'], { on: slow, clock });
    expect(r.r.code, r.r.stderr).toBe(6);
    expectNoCrash(r.r);
    expect(r.requests.length).toBeGreaterThanOrEqual(1);
    expect(r.requests.length).toBeLessThanOrEqual(2);
    // One wait, up to the deadline: the interval asked for was never cut into shorter polls.
    expect(clock.waits).toEqual([100]);
    for (const e of r.requests) expect(`${e.method} ${e.path}`).toBe(`GET /v1/tts/${pendingId}`);
    expectRejected(await run(['tts', 'wait', pendingId, `--interval=${bad}`], { on: slow }), '--interval');
  });
});
