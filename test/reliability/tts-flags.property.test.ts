// Property-based tests (fast-check) of the flags of tts and list commands and of --request-timeout, on the schemas
// that read them (what each command parses its options with): for every value, either it reads as the documented
// number, or a usage error (exit 2) names the flag; never another error. That each command uses its schema, sends
// the value and sends nothing on an error is shown once per flag, at its boundary, by flags.e2e.test.ts (and
// test/tts/create.test.ts, lifecycle.test.ts, timeouts.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { ListOptions } from '../../src/commands/list.js';
import { WaitFlags } from '../../src/commands/tts/wait-flags.js';
import { UsageError } from '../../src/errors.js';
import { GlobalOptions } from '../../src/globals.js';
import { parseOptions } from '../../src/options.js';
import { TtsCreateInput } from '../../src/schemas/tts.js';
import { decimalish, durationSeconds, numberish, plainDecimal, spelledIn, wholeDecimal } from './arbitraries.js';

/** What `schema` makes of `raw`, or the first line of its usage error (the CLI prints it after "error: ", exit 2). */
function parse<S extends z.core.$ZodType>(
  schema: S,
  raw: Record<string, unknown>,
): { value?: z.infer<S>; error?: string } {
  try {
    return { value: parseOptions(schema, raw) };
  } catch (err) {
    if (err instanceof UsageError) return { error: err.message.split('\n')[0] };
    throw err; // anything else would be a crash of the command
  }
}

function expectRejected(r: { value?: unknown; error?: string }, flag: string): void {
  expect(r.value, `expected a usage error naming ${flag}`).toBeUndefined();
  expect(r.error).toMatch(new RegExp(`^${flag}: `));
}

describe('tts create', () => {
  const FLAGS: {
    flag: string;
    field: 'speed' | 'stability' | 'similarityBoost' | 'style';
    min: number;
    max: number;
  }[] = [
    { flag: '--speed', field: 'speed', min: 0.25, max: 4 },
    { flag: '--stability', field: 'stability', min: 0, max: 1 },
    { flag: '--similarity-boost', field: 'similarityBoost', min: 0, max: 1 },
    { flag: '--style', field: 'style', min: 0, max: 1 },
  ];
  it.each(FLAGS)(
    '$flag: a plain decimal from $min to $max reads as that number; anything else is refused',
    ({ flag, field, min, max }) => {
      fc.assert(
        fc.property(fc.oneof(numberish, decimalish, spelledIn(min, max)), (value) => {
          const r = parse(TtsCreateInput, { text: 'Property', [field]: value });
          const n = plainDecimal(value);
          if (n === undefined || n < min || n > max) return expectRejected(r, flag);
          // As sent (JSON: -0 is 0), and alone with the text.
          expect(JSON.parse(JSON.stringify(r.value))).toEqual({ text: 'Property', [field]: n });
        }),
        { numRuns: 200 },
      );
    },
  );
});

describe('list flags', () => {
  it.each([
    { flag: 'page', ok: (n: number) => n >= 1 },
    { flag: 'limit', ok: (n: number) => n >= 1 && n <= 100 },
    { flag: 'concurrency', ok: (n: number) => n >= 1 && n <= 16 },
  ])('--$flag: a whole number in range reads as that number; anything else is refused', ({ flag, ok }) => {
    fc.assert(
      fc.property(fc.oneof(numberish, decimalish, fc.integer({ min: -1, max: 120 }).map(String)), (value) => {
        const r = parse(ListOptions, { [flag]: value });
        const n = wholeDecimal(value);
        if (n === undefined || !ok(n)) return expectRejected(r, `--${flag}`);
        expect(r.value?.[flag as 'page']).toBe(n);
      }),
      { numRuns: 200 },
    );
  });
});

describe('--request-timeout (global, a duration per request)', () => {
  it('a duration more than 0 and at most 1h reads as its seconds; anything else is refused', () => {
    const durationish = fc.oneof(
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
    );
    fc.assert(
      fc.property(durationish, (value) => {
        const r = parse(GlobalOptions, { requestTimeout: value });
        const n = durationSeconds(value);
        if (n === undefined || !(n > 0) || n > 3600) return expectRejected(r, '--request-timeout');
        expect(r.value?.requestTimeout.seconds).toBe(n);
      }),
      { numRuns: 300 },
    );
  });
});

describe('tts wait --interval', () => {
  it('a plain decimal from 3 to 60 reads as those seconds; anything else is refused', () => {
    fc.assert(
      fc.property(fc.oneof(numberish, decimalish, spelledIn(3, 60)), (value) => {
        const r = parse(WaitFlags, { interval: value });
        const n = plainDecimal(value);
        if (n === undefined || n < 3 || n > 60) return expectRejected(r, '--interval');
        expect(r.value?.interval).toBe(n);
      }),
      { numRuns: 200 },
    );
  });
});
