// Property-based tests (fast-check) of the flags of `campaigns create` (numbers, caller IDs, strategies), on the pure
// steps that turn them into the body (./campaign-flags.ts): for every value — random strings, NaN, Infinity, -0,
// exponents, unicode digits, very long values — either the body carries the field exactly as documented, or a usage
// error (exit 2) names the flag; never another error. That the CLI runs these steps, sends that body and sends nothing
// on an error is shown once per flag, at its boundary, by flags.e2e.test.ts (and test/campaigns/validation.test.ts).
// The calling schedule's flags: schedule.property.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { E164, numberish, ORG_NUMBER, phoneish, REAL, wholeNumber } from './arbitraries.js';
import { create, expectCreated, expectRejected, RUNS } from './campaign-flags.js';

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
