// A corpus of valid numbers of 11 countries, drawn across libphonenumber's ranges (random digits of each
// possible length, kept when valid as a mobile or fixed line), and the forms people and spreadsheets write them in.
// Seeded: the same corpus on every run.
import {
  type CountryCode,
  getCountryCallingCode,
  Metadata,
  parsePhoneNumberFromString,
  type PhoneNumber,
} from 'libphonenumber-js/max';
import { rng } from '../../src/sandbox/resources/messages.js';

export const COUNTRIES: CountryCode[] = ['US', 'CA', 'GB', 'DE', 'IT', 'FR', 'ES', 'BR', 'IN', 'MX', 'AU'];

/** The sandbox's seeded generator (mulberry32). */
export const random = rng;

/** The number types a campaign calls by default: what the corpora draw. */
export const CALLED = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);

/** What the metadata's numbering plans have, beyond the typed part. */
interface Plan {
  nationalNumberPattern(): string;
  nationalPrefixForParsing(): string | undefined;
  type(type: 'FIXED_LINE' | 'MOBILE'): { pattern(): string } | undefined;
}

/**
 * A test of random national digits that says no only where libphonenumber would say that they are not a valid
 * mobile or fixed line of `country`: when no national prefix starts them (so they are the national number as they
 * are) and they are outside the country's general pattern or outside both its fixed-line and mobile patterns (a
 * number has one of those types only when it matches its pattern). Drawing skips the parse of most random digits,
 * and draws exactly the numbers it drew without it.
 */
export function mayBeValid(country: CountryCode): (digits: string) => boolean {
  const plan = (code: string) => {
    const m = new Metadata();
    m.selectNumberingPlan(code as CountryCode);
    return m.numberingPlan as unknown as Plan;
  };
  // The country's plan, and the one that reads numbers of its calling code (+1: the US's, for Canada too).
  const plans = [plan(country), plan(getCountryCallingCode(country))];
  const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`);
  const general = whole(plans[0].nationalNumberPattern());
  // An empty mobile pattern is the fixed-line one (the US): the fixed-line pattern stands for both.
  const types = (['FIXED_LINE', 'MOBILE'] as const).flatMap((t) => {
    const pattern = plans[0].type(t)?.pattern();
    return pattern ? [whole(pattern)] : [];
  });
  const prefixes = plans.flatMap((p) => {
    const prefix = p.nationalPrefixForParsing();
    return prefix ? [new RegExp(`^(?:${prefix})`)] : [];
  });
  return (digits) =>
    (general.test(digits) && (types.length === 0 || types.some((t) => t.test(digits)))) ||
    prefixes.some((p) => p.test(digits));
}

/** `n` distinct valid numbers of `country` whose type is `kind` (or either kind). */
export function numbers(country: CountryCode, n: number, seed: number, kind?: 'mobile' | 'fixed'): PhoneNumber[] {
  const rnd = random(seed);
  const m = new Metadata();
  m.selectNumberingPlan(country);
  const lengths = m.numberingPlan!.possibleLengths();
  const out = new Map<string, PhoneNumber>();
  const may = mayBeValid(country);
  for (let tries = 0; out.size < n && tries < n * 2_000; tries++) {
    const len = lengths[Math.floor(rnd() * lengths.length)];
    // Any first digit: Italy's landlines keep their 0 in the number (+39 02 ...).
    let d = '';
    while (d.length < len) d += String(Math.floor(rnd() * 10));
    if (!may(d)) continue;
    const p = parsePhoneNumberFromString(`+${getCountryCallingCode(country)}${d}`);
    if (!p?.isValid() || p.country !== country) continue;
    const t = p.getType() ?? '';
    if (!CALLED.has(t)) continue;
    if (kind === 'mobile' && t === 'FIXED_LINE') continue;
    if (kind === 'fixed' && t === 'MOBILE') continue;
    out.set(p.number, p);
  }
  return [...out.values()];
}

export const FORMS = [
  'national formatted',
  'national digits',
  'trunk 0 dropped',
  'international formatted',
  '+ dropped',
  'international prefix',
] as const;
export type Form = (typeof FORMS)[number];

/** The number as people (or spreadsheets) write it in `form`. */
export function write(p: PhoneNumber, form: Form): string {
  const national = p.formatNational();
  const intl = p.formatInternational();
  switch (form) {
    case 'national formatted':
      return national;
    case 'national digits':
      return national.replace(/\D/g, '');
    case 'trunk 0 dropped':
      return national.replace(/\D/g, '').replace(/^0/, '');
    case 'international formatted':
      return intl;
    case '+ dropped':
      return p.number.slice(1);
    case 'international prefix':
      // The +1 plan dials abroad with 011, the rest of these countries with 00.
      return `${p.countryCallingCode === '1' ? '011' : '00'} ${intl.slice(1)}`;
  }
}
