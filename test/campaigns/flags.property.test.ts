// Property tests of the parsers in the table of `campaigns create` (src/campaigns/flags.ts), without I/O: what each
// flag's text becomes in the body. test/campaigns/flags-table.test.ts runs every flag end to end once; --days,
// --timezone and --scheduled-at have their properties in test/reliability/schedule.property.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFlags, BODY_FLAGS, optionKey } from '../../src/campaigns/flags.js';

const body = (values: Record<string, unknown>, base: Record<string, unknown> = {}) => applyFlags(base, values).body;

describe('the parsers of the campaigns create table', () => {
  it('the whole-number flags send a whole number as a number, and anything else as typed (for the schema to refuse)', () => {
    const keys = ['maxRetries', 'retryDelay', 'maxConcurrency', 'keepFreeForInbound'];
    const field = (k: string) =>
      BODY_FLAGS.find((e) => optionKey(e) === k)!.field as 'maxRetries' | 'retryDelayMinutes';
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.integer({ min: -1e9, max: 1e9 }), (k, n) => {
        expect(body({ [k]: ` ${n} ` })[field(k)]).toBe(n);
      }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        fc.string().filter((s) => !/^\s*[+-]?\d+\s*$/.test(s)),
        (k, s) => {
          expect(body({ [k]: s })[field(k)]).toBe(s);
        },
      ),
    );
  });

  it('--window START-END sets both ends as typed; two flags for one end are refused', () => {
    const hhmm = fc.stringMatching(/^\d\d:\d\d$/);
    fc.assert(
      fc.property(hhmm, hhmm, (a, b) => {
        const r = body({ window: `${a}-${b}` });
        expect([r.callingStartTime, r.callingEndTime]).toEqual([a, b]);
        expect(() => body({ window: `${a}-${b}`, endTime: b })).toThrow('--window cannot be combined with --end-time');
      }),
    );
  });

  it('--from-attempts: the numbers between commas, trimmed, empty ones left out', () => {
    const number = fc.stringMatching(/^\+[1-9]\d{6,12}$/);
    const sep = fc.constantFrom(',', ', ', ' ,', ',,');
    fc.assert(
      fc.property(fc.array(fc.tuple(number, sep), { minLength: 1, maxLength: 6 }), (parts) => {
        const text = parts.map(([n, s]) => n + s).join('');
        expect(body({ fromAttempts: text }).fromNumberAttempts).toEqual(parts.map(([n]) => n));
      }),
    );
  });

  it("--map adds to the --file body's variableMapping (a flag wins over the file); one variable to two fields by flags is refused", () => {
    const word = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/).filter((w) => w !== '__proto__');
    fc.assert(
      fc.property(
        fc.dictionary(word, word),
        fc.array(fc.tuple(word, word), { minLength: 1, maxLength: 6 }),
        (base, pairs) => {
          const run = () => body({ map: pairs.map(([v, k]) => `${v} = ${k}`) }, { variableMapping: base });
          const first = new Map<string, string>();
          const conflict = pairs.some(([v, k]) => (first.get(v) ?? first.set(v, k).get(v)) !== k);
          if (conflict) expect(run).toThrow(/^--map: variable \S+ is mapped twice \(to \S+, then \S+\): give it once$/);
          else expect(run().variableMapping).toEqual({ ...base, ...Object.fromEntries(pairs) });
        },
      ),
    );
  });

  it('a flag not given leaves the --file body as it is, and only given flags count as from flags', () => {
    const strings = BODY_FLAGS.filter((e) => !e.parse && !e.loadedByCommand && e.flag.includes('<'));
    fc.assert(
      fc.property(fc.subarray(strings), fc.dictionary(fc.string(), fc.string()), (given, base) => {
        const values = Object.fromEntries(given.map((e) => [optionKey(e), 'x']));
        const { body: out, fromFlags } = applyFlags(base, values);
        const fields = new Set(given.map((e) => e.field as string));
        expect([...fromFlags].sort()).toEqual([...fields].sort());
        for (const [k, v] of Object.entries(base)) if (!fields.has(k)) expect(out[k]).toBe(v);
      }),
    );
  });
});
