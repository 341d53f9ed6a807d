// What a hostile user or a script could type where a flag wants a number, a decimal, a phone number or a time,
// and the documented reading of each (README), written here without src: the oracles of the property tests.
import fc from 'fast-check';
import { isValidPhoneNumber } from 'libphonenumber-js/max';

export const ORG_NUMBER = '+390212345678';

/**
 * Strings of any code points: controls, astral planes, unassigned ones. fast-check's own `unit: 'binary'` builds a
 * reverse map of all 1.1 million code points on first use, 1.3 s of CPU in every test worker; this is the same
 * range from fc.integer, which favours its ends (NUL and the controls) as fast-check's units do. Surrogate halves
 * are left out, as fast-check's full-Unicode unit does.
 */
const codePoint = fc
  .integer({ min: 0, max: 0x10ffff - 0x800 })
  .map((c) => String.fromCodePoint(c < 0xd800 ? c : c + 0x800));
export const binaryString = (maxLength: number) => fc.string({ unit: codePoint, maxLength });

/** Everything a hostile user could type where a number is expected. */
export const numberish = fc.oneof(
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
  binaryString(12),
);

/** The documented reading of an integer flag: a whole number in ASCII digits (spaces around allowed), as a safe integer. */
export function wholeNumber(text: string): number | undefined {
  if (!/^\s*[+-]?[0-9]+\s*$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n + 0 : undefined; // + 0 turns -0 into 0, as JSON sends it
}

/**
 * The duration grammar README states (--timeout, --request-timeout): seconds as a plain decimal without sign or
 * exponent, or hours, minutes and seconds parts in that order (`1h30m`, `0.5s`); surrounding blanks ignored.
 */
export function durationSeconds(text: string): number | undefined {
  const num = '([0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)';
  const t = text.trim();
  if (new RegExp(`^${num}$`).test(t)) return Number(t);
  const m = new RegExp(`^(?:${num}h)?(?:${num}m)?(?:${num}s)?$`).exec(t);
  if (!m || t === '') return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

export function plainDecimal(text: string): number | undefined {
  const m = /^\s*([+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)\s*$/.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]);
  return Number.isFinite(n) ? n + 0 : undefined;
}

/** A whole number written as a plain decimal (2, 2.0, 2e0), as a safe integer. */
export function wholeDecimal(text: string): number | undefined {
  const n = plainDecimal(text);
  return n !== undefined && Number.isSafeInteger(n) ? n : undefined;
}

/** Decimals around the documented ranges (0..1, 0.25..4, 3..60), in every spelling a user or a script could produce. */
export const decimalish = fc.oneof(
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
export const spelledIn = (min: number, max: number) =>
  fc
    .tuple(fc.double({ min, max, noNaN: true }), fc.constantFrom('plain', 'exp', 'fixed', 'padded'))
    .map(([x, how]) =>
      how === 'exp' ? x.toExponential() : how === 'fixed' ? x.toFixed(2) : how === 'padded' ? ` ${x}\t` : String(x),
    );

const E164_SHAPE = /^\+[1-9][0-9]{1,14}$/;
/** A caller ID the CLI sends: E.164 in form, and a real number (libphonenumber-js, not our own code, decides). */
export const E164 = { test: (v: string) => E164_SHAPE.test(v) && isValidPhoneNumber(v) };
/** Real numbers of several countries, for the accepted side of the properties. */
export const REAL = [
  '+390612345678',
  '+393331234567',
  '+442079460958',
  '+4915123456780',
  '+12025550143',
  '+33612345678',
];
export const phoneish = fc.oneof(
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
  binaryString(16),
);

export const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const timeish = fc.oneof(
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
