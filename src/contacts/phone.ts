// Phone numbers as people type them (and as spreadsheets damage them) to E.164: the one validator behind every
// door a number comes in by (CSV rows, JSON contacts, --file, --from, --from-attempts).
// This module loads libphonenumber-js at its top level: import it lazily (`await import(...)`), never from a
// file loaded at start-up.
//
// Metadata: `libphonenumber-js/max`. It checks each number against the real number ranges of its country
// and type (mobile, fixed line, ...), not only its length, so "+39 999 1234567" is refused before anything
// dials it. With this metadata a number is valid exactly when it has a type, so asking for the type costs
// the same as asking whether it is valid (about 14 µs to parse and validate).
import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  Metadata,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
  type NumberType,
} from 'libphonenumber-js/max';
import { SCIENTIFIC } from './columns.js';
import { PHONE_TYPES, type PhoneType } from './phone-types.js';

export type PhoneResult =
  | { ok: true; e164: string; warnings?: string[] }
  /**
   * `need`: what the user could supply to make it a number (the walk-through asks for it on a terminal); `fix`: the
   * flag that reads it (`--without-plus national`).
   */
  | { ok: false; reason: string; need?: 'country'; fix?: string };

export interface PhoneOptions {
  defaultCountry?: string;
  /** Which reading wins when bare digits read as a national number and as one whose + was lost (--without-plus). */
  withoutPlus?: 'national' | 'international';
  /** Types accepted besides the default ones (phone-types.ts). */
  allowTypes?: readonly PhoneType[];
  /** Skip the type rules: caller IDs are the organization's own numbers, never dialled. */
  anyType?: boolean;
}

/**
 * Separators people type inside numbers: spaces (\s covers the no-break and thin spaces U+00A0, U+2009,
 * U+202F), dashes, dots, parentheses (also "(0)", the trunk mark of "+44 (0)20 ...", which libphonenumber
 * drops where the country's numbers do not keep it), and "/" (German "0151/23456780").
 */
const SEPARATORS = /[\s\-.()/\u2010-\u2015\u2212\u2043\u02d7\u30fc\uff70\ufe58\ufe63\u2e3a\u2e3b]/g;
/**
 * The separators above as one character: the dashes include their look-alikes that keyboards and input methods type
 * in numbers (the minus sign U+2212, Japanese ー U+30FC and its half-width ｰ, the hyphen bullet, small and wide dashes).
 */
const SEPARATOR = new RegExp(`^${SEPARATORS.source}$`);
const CLEAN = /^\+?\d+$/;
/**
 * An extension at the end, in the words of the exports we meet: "ext. 12", "x12", "#12", "Durchwahl 12" (de),
 * "interno 12" (it), "poste 12" (fr), "toestel 12" (nl), "wew. 12" (pl), "loc. 12" (Philippines), "dahili 12" (tr),
 * "anexo 12" (es), "ramal 12" (pt), "ankn. 12" (sv), "kl. 12" (cs), "内線 12" (ja). Calls cannot dial it, so it is
 * split off with a warning.
 */
const EXTENSION =
  /^(.*?\d[\s.)]*)[,;]?\s*(?:ext\.?|extn\.?|extension|x|#|durchwahl|dw\.?|interno|int\.|poste|toestel|tst\.|wewn?\.?|loc\.?|local|dahili|anexo|ramal|ankn\.?|kl\.|klapka|内線)\s*[:.]?\s*(\d{1,7})$/i;
/**
 * A number a spreadsheet stored as a decimal ("3471234567.0", from pandas, the Sheets API, a float column):
 * folding the 0 into the digits gives another number, so it is named instead. Dotted numbers ("347.123.4567",
 * "06.12.34.56.78") have more than one dot, or digits other than 0 after it.
 */
const DECIMAL = /^\+?\d+\.0+$/;
/** A `tel:` link (copied from a web page or a vCard). */
const TEL = /^tel:(?:\/\/)?\s*/i;
/** Meta Lead Ads writes every phone answer as "p:+2348031234567". */
const META_PHONE = /^p:\s*(?=[+\d(])/i;
/**
 * A note after the number, in parentheses and without digits ("06 12 34 56 78 (privé)", "(work)", "(nur abends)"):
 * said and left out. A "(0)" trunk mark or "(020)" area code holds digits, and stays part of the number.
 */
const NOTE = /^(.*\d[^(]*?)\s*(\((?=[^()]*\p{L})[^()\d]+\))\s*$/u;
/** Characters that become what a number may hold: +, separators, an extension's letters and punctuation. */
const NUMBER_LIKE = /^[+\-.()/\s#:,;a-z]$/i;

/**
 * The cell as a number's characters: format characters (Unicode Cf: the U+202A/U+202C marks WhatsApp and
 * Android wrap a copied number in, U+200B, U+200E/U+200F, U+2066-U+2069, U+FEFF) are dropped, decimal digits
 * of any script (full-width ３, Arabic-Indic ٣, ...) become ASCII digits, and full-width +, separators and
 * letters become their ASCII forms (NFKC, character by character). NFKC is not applied to anything else:
 * it would turn ① or ² into a digit that was not one.
 */
function normalize(cell: string): string {
  // The common cell is ASCII: nothing to do.
  if (!/[^\x20-\x7e]/.test(cell)) return cell;
  let out = '';
  for (const ch of cell) {
    if (/\p{Cf}/u.test(ch)) continue;
    if (/\p{Nd}/u.test(ch)) {
      out += digitValue(ch);
      continue;
    }
    const n = ch.normalize('NFKC');
    out += NUMBER_LIKE.test(n) ? n : ch;
  }
  return out;
}

/**
 * The value of a decimal digit (Unicode category Nd): Unicode encodes each script's digits 0-9 in a run of
 * consecutive code points (the mathematical digits are five runs back to back), so the value is the distance
 * from the start of the run, modulo 10.
 */
function digitValue(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x80) return ch;
  let start = cp;
  while (start > 0 && cp - start < 60 && /\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
  return String((cp - start) % 10);
}

/** A spreadsheet's text marker ('+39 ...) or a formula that keeps the leading 0 (="0212345678"). */
const TEXT_MARKER = /^(?:'|="(.*)"$)/;

export function isCountry(code: string): boolean {
  return isSupportedCountry(code);
}

/** A country's calling code: 44 for GB. */
export function callingCode(code: string): string {
  return getCountryCallingCode(code as CountryCode);
}

function lengthReason(number: string, country?: CountryCode): string | undefined {
  const why = validatePhoneNumberLength(number, country ? { defaultCountry: country } : undefined);
  if (why === 'TOO_SHORT') return 'too short';
  if (why === 'TOO_LONG') return 'too long';
  if (why === 'INVALID_LENGTH') return 'wrong number of digits';
  if (why === 'INVALID_COUNTRY') return 'unknown country code';
  return undefined;
}

/**
 * How a reading came from the cell: `written` as the cell says (a + or 00, else a national number of the row's
 * country), `plus-lost` with the + a spreadsheet drops from a number it stores as a number, `zero-lost` with the
 * leading 0 it drops (only where the 0 belongs to the number, as in Italy: elsewhere it is a trunk prefix and the
 * reading is the same number).
 */
export type How = 'written' | 'plus-lost' | 'zero-lost' | 'border' | 'mobile-9';
export const HOWS: readonly How[] = ['written', 'plus-lost', 'zero-lost', 'border', 'mobile-9'];

/**
 * National conventions that cross a border: a number of one country written the way its neighbour dials it. Each is
 * a hypothesis beside the others (`border`): right when it is the only reading, a row error naming both numbers when
 * the number is also a valid one of the row's country. Ireland dials Northern Ireland's 028 numbers as 048 (and
 * people in Ireland keep writing them so): `048 9012 3456` is +44 28 9012 3456.
 */
const BORDER: { countries: string[]; national: RegExp; to: (m: RegExpExecArray) => string; text: string }[] = [
  {
    countries: ['IE', 'GB'],
    national: /^048(\d{8})$/,
    to: (m) => `+4428${m[1]}`,
    text: 'as a Northern Ireland number written as Ireland dials it (048 for +44 28)',
  },
];

function borderReading(digits: string, country: CountryCode): Parsed | undefined {
  for (const b of BORDER) {
    const m = b.countries.includes(country) ? b.national.exec(digits) : null;
    if (m) return read(b.to(m));
  }
  return undefined;
}

/**
 * An Argentine mobile written without the 9 (or 15) that mobiles take: `11 2345-6785` reads as a Buenos Aires
 * landline, and people write their mobile that way more often than not. A hypothesis only in a column named for
 * mobiles ("Móvil", "Celular", "Mobile"), and only for a number that reads as a landline as written: undefined when
 * it does not apply, null when it applies and gives no valid mobile.
 */
function argentineMobile(digits: string, country: CountryCode, written?: Parsed): Parsed | null | undefined {
  if (country !== 'AR' || written?.type !== 'FIXED_LINE') return undefined;
  const national = digits.replace(/^0/, '');
  if (national.length !== 10) return undefined;
  const r = read(`+549${national}`);
  return r?.type === 'MOBILE' ? r : null;
}

export interface Reading {
  e164: string;
  type: PhoneType;
  country?: string;
  /** Every hypothesis that gives this number. */
  hows: How[];
  /** The legacy prefix left out ("044" of Mexico's pre-2019 mobiles), when one was. */
  legacy?: string;
}

/**
 * A cell's candidate readings: each distinct valid number and the hypotheses that give it, and the hypotheses
 * that applied at all (a cell with spaces or dashes was typed as text: no spreadsheet dropped its + or 0).
 */
export type CellReading =
  | { ok: false; reason: string; need?: 'country' }
  | {
      ok: true;
      readings: Reading[];
      applicable: How[];
      warnings?: string[];
      country?: string;
      /** A reading too short to take alone: the reason to refuse it when the column does not show a lost 0. */
      weak?: string;
    };

interface Parsed {
  e164: string;
  type: PhoneType;
  country?: string;
}

function read(text: string, country?: CountryCode): Parsed | undefined {
  const p = parsePhoneNumberFromString(
    text,
    country ? { defaultCountry: country, extract: false } : { extract: false },
  );
  if (!p) return undefined;
  const t: NumberType = p.getType();
  if (t !== undefined) return { e164: p.number, type: t, country: p.country };
  // A country whose metadata has no types: valid by its pattern, of a type nobody can tell.
  return p.isValid() ? { e164: p.number, type: 'UNKNOWN', country: p.country } : undefined;
}

/**
 * Prefixes a country retired that CRMs still hold, which libphonenumber's current metadata no longer strips:
 * Mexico dropped 044/045 (mobiles), 01 (long distance) and the 1 after +52 (mobiles from abroad) in 2019. The
 * number without the prefix is the number dialled today.
 */
const LEGACY: Record<string, { national?: RegExp; international?: RegExp }> = {
  '52': { national: /^(044|045|01)(\d{10})$/, international: /^\+52(1)(\d{10})$/ },
};

function readLegacy(digits: string, country?: CountryCode): (Parsed & { legacy: string }) | undefined {
  if (digits.startsWith('+')) {
    for (const [cc, l] of Object.entries(LEGACY)) {
      const m = l.international?.exec(digits);
      const r = m && read(`+${cc}${m[2]}`);
      if (r && m) return { ...r, legacy: `+${cc} ${m[1]}` };
    }
    return undefined;
  }
  const m = country && LEGACY[getCountryCallingCode(country)]?.national?.exec(digits);
  const r = m && read(m[2], country);
  return r && m ? { ...r, legacy: m[1] } : undefined;
}

const readOrLegacy = (digits: string, country?: CountryCode) => read(digits, country) ?? readLegacy(digits, country);

/** Calling code -> possible lengths of its national numbers, to skip the international reading cheaply. */
let lengths: Map<string, Set<number>> | undefined;
function plausiblyInternational(digits: string): boolean {
  if (!lengths) {
    lengths = new Map();
    const m = new Metadata();
    // Every country of a calling code: +1 is the US's plan and Canada's, whose 310-XXXX numbers are 7 digits long.
    for (const c of getCountries()) {
      const cc = getCountryCallingCode(c);
      m.selectNumberingPlan(c);
      const set = lengths.get(cc) ?? new Set<number>();
      for (const n of m.numberingPlan!.possibleLengths()) set.add(n);
      lengths.set(cc, set);
    }
  }
  // Mexico's legacy +52 1: one digit longer than its numbers.
  if (digits.startsWith('521') && digits.length === 13) return true;
  for (let n = 1; n <= 3; n++) if (lengths.get(digits.slice(0, n))?.has(digits.length - n)) return true;
  return false;
}

/**
 * Countries whose national numbers keep a leading 0 that is part of the number (no trunk prefix "0" in the
 * metadata): only there does a lost 0 give another number. Elsewhere the 0 is a trunk prefix, and the digits
 * read the same with it or without it.
 */
const zeroMatters = new Map<string, boolean>();
function zeroIsPartOfNumber(country: CountryCode): boolean {
  let v = zeroMatters.get(country);
  if (v === undefined) {
    const m = new Metadata();
    m.selectNumberingPlan(country);
    v = (m.numberingPlan as unknown as { nationalPrefix(): string | undefined }).nationalPrefix() !== '0';
    zeroMatters.set(country, v);
  }
  return v;
}

const HOW_TEXT: Record<How, (country?: string) => string> = {
  border: () => BORDER[0].text,
  'mobile-9': () => 'as an Argentine mobile written without its 9',
  written: (c) => (c ? `as written, a national number of ${c}` : 'as written'),
  'plus-lost': () => 'if a spreadsheet dropped its +',
  'zero-lost': () => 'if a spreadsheet dropped its leading 0',
};

export const describeReading = (r: Reading | Parsed) =>
  `${r.e164} (${r.country ? `${r.country} ` : ''}${PHONE_TYPES[r.type].label})`;

/** The readings of an ambiguous cell, for a message: "+1646... (US fixed line or mobile) as written, a national ...". */
export function listReadings(readings: Reading[], country?: string): string {
  return readings.map((r) => `${describeReading(r)} ${HOW_TEXT[r.hows[0]](country)}`).join(', or ');
}

/** The type rules of a campaign: refused by default, warned, or allowed by --allow-types. */
export function typeCheck(r: Parsed, opts: PhoneOptions, warnings?: string[]): PhoneResult {
  const t = PHONE_TYPES[r.type];
  if (opts.anyType || t.policy === 'call' || opts.allowTypes?.includes(r.type))
    return warnings ? { ok: true, e164: r.e164, warnings } : { ok: true, e164: r.e164 };
  if (t.policy === 'warn') {
    return {
      ok: true,
      e164: r.e164,
      warnings: [
        ...(warnings ?? []),
        `${r.e164} is a ${t.label} number (--allow-types ${t.flag} accepts it without this warning)`,
      ],
    };
  }
  return {
    ok: false,
    reason: `${r.e164} is a ${t.label} number${r.country ? ` (${r.country})` : ''}, not called by default: --allow-types ${t.flag} allows it`,
  };
}

function decimal(text: string): CellReading {
  const fraction = text.slice(text.indexOf('.'));
  return {
    ok: false,
    reason: `stored as a decimal number (${text}): the ${fraction} is not part of the number; format the column as text in the spreadsheet, or remove the ${fraction}`,
  };
}

/** Where the first character that no number has is, for the message. */
function offending(text: string): string | undefined {
  const chars = [...text];
  let i = 0;
  if (chars[0] === '+') i = 1;
  for (; i < chars.length; i++) {
    const ch = chars[i];
    if (/\d/.test(ch) || SEPARATOR.test(ch)) continue;
    const shown = /[\p{L}\p{N}\p{P}\p{S}]/u.test(ch)
      ? ch
      : `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    return `"${shown}" at position ${i + 1}`;
  }
  return undefined;
}

const one = (r: Parsed & { legacy?: string }, how: How, applicable: How[], warnings?: string[]): CellReading => ({
  ok: true,
  readings: [
    { e164: r.e164, type: r.type, country: r.country, hows: [how], ...(r.legacy ? { legacy: r.legacy } : {}) },
  ],
  applicable,
  ...(warnings ? { warnings } : {}),
});

/** What may follow a number in its cell: a note in parentheses, then an extension; each left out with a warning. */
function trailing(text: string): { text: string; warnings?: string[] } | CellReading {
  const warnings: string[] = [];
  const note = NOTE.exec(text);
  if (note) {
    warnings.push(`${note[2]} left out: a note, not part of the number`);
    text = note[1];
  }
  const ext = EXTENSION.exec(text);
  if (ext) {
    warnings.push(`extension ${ext[2]} left out: calls cannot dial extensions`);
    text = ext[1].trim();
    if (DECIMAL.test(text)) return decimal(text);
  }
  return warnings.length ? { text, warnings } : { text };
}

/** The cell's characters as a number: separators dropped, 00 as +, an extension split off; or why it is none. */
function clean(raw: string): { text: string; digits: string; bare: boolean; warnings?: string[] } | CellReading {
  let text = normalize(raw).trim();
  if (text === '') return { ok: false, reason: 'empty' };
  if (text[0] === 't' || text[0] === 'T') text = text.replace(TEL, '');
  else if (text[0] === 'p' || text[0] === 'P') text = text.replace(META_PHONE, '');
  // Bare digits are what a number-formatted spreadsheet column produces (a text cell keeps its spaces).
  const bare = /^\d+$/.test(text);
  const marker = text[0] === "'" || text[0] === '=' ? TEXT_MARKER.exec(text) : null;
  if (marker) text = (marker[1] ?? text.slice(1)).trim();
  if (DECIMAL.test(text)) return decimal(text);
  let warnings: string[] | undefined;
  let s = text.replace(SEPARATORS, '');
  if (!CLEAN.test(s)) {
    const t = trailing(text);
    if ('ok' in t) return t;
    ({ text, warnings } = t);
    s = text.replace(SEPARATORS, '');
  }
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  if (CLEAN.test(s)) return { text, digits: s, bare, warnings };
  if (SCIENTIFIC.test(text)) {
    return {
      ok: false,
      reason:
        'a spreadsheet turned this number into scientific notation and dropped its last digits: format the column as text and export again',
    };
  }
  const bad = offending(text);
  // Separators and nothing else ("-", "()", "+"): there is no character to name.
  if (!bad && !/\d/.test(text)) return { ok: false, reason: 'not a phone number: no digits' };
  return {
    ok: false,
    reason: `not a phone number: ${bad ?? 'a character'} (only digits, a leading +, an extension and the separators space - . / ( ) are allowed)`,
  };
}

/** A number written with + (or 00): one reading, or two when "(0)" may belong to it. */
function readInternational(text: string, s: string, warnings?: string[]): CellReading {
  if (text.includes('(0)')) {
    // "+44 (0)20 ...": a trunk 0 to leave out when dialling from abroad. Where national numbers keep their 0
    // (Italy) it may belong to the number: read both ways, and refuse when both are different numbers.
    const without = read(text.replace('(0)', '').replace(SEPARATORS, '').replace(/^00/, '+'));
    const kept = read(s);
    if (without && kept && without.e164 !== kept.e164)
      return {
        ok: false,
        reason: `reads two ways: ${describeReading(without)} without the (0), or ${describeReading(kept)} with it; write it without the (0) as it is dialled from abroad`,
      };
    const r = without ?? kept;
    if (r) return one(r, 'written', ['written'], warnings);
  }
  const r = read(s) ?? readLegacy(s);
  if (r) return one(r, 'written', ['written'], warnings);
  const len = lengthReason(s);
  return { ok: false, reason: `not a valid phone number${len ? ` (${len})` : ''}` };
}

const weakReason = (digits: string, cc: CountryCode, r: Reading) =>
  `not a valid ${cc} number (${lengthReason(digits, cc) ?? 'too short'}); with a leading 0 it would be ${describeReading(r)}: write the 0 if it is that number`;

/** The readings found, one per distinct number, each with every hypothesis that gives it. */
function grouped(found: (Parsed & { how: How; legacy?: string })[]): Reading[] {
  const readings: Reading[] = [];
  for (const f of found) {
    const same = readings.find((r) => r.e164 === f.e164);
    if (same) same.hows.push(f.how);
    else
      readings.push({
        e164: f.e164,
        type: f.type,
        country: f.country,
        hows: [f.how],
        ...(f.legacy ? { legacy: f.legacy } : {}),
      });
  }
  return readings;
}

/**
 * Every reading of a phone cell: as written, and for bare digits (what a number-formatted spreadsheet column
 * holds) with the + or the leading 0 a spreadsheet drops. No hypothesis that gives a valid number is skipped:
 * which one applies is decided by the caller, from the column's evidence (evidence.ts) or alone (toE164).
 */
export function readCell(raw: string, country?: string, column: { mobile?: boolean } = {}): CellReading {
  const c = clean(raw);
  if ('ok' in c) return c;
  const { text, digits: s, bare, warnings } = c;
  if (s.startsWith('+')) return readInternational(text, s, warnings);
  const cc = country as CountryCode | undefined;
  const applicable: How[] = [];
  const found: (Parsed & { how: How; legacy?: string })[] = [];
  const add = (how: How, r: (Parsed & { legacy?: string }) | undefined) => {
    applicable.push(how);
    if (r) found.push({ ...r, how });
  };
  if (cc) nationalReadings(s, cc, column, add);
  if (bare && s[0] !== '0') {
    add('plus-lost', plausiblyInternational(s) ? (read(`+${s}`) ?? readLegacy(`+${s}`)) : undefined);
    if (cc && zeroIsPartOfNumber(cc)) add('zero-lost', read(`0${s}`, cc));
  }
  // Fewer than 6 digits that read only with a 0 put back may be a fragment as well as a short landline: taken only
  // where the column shows that its landlines lost their 0 (evidence.ts), never alone.
  const weak = found.length === 1 && found[0].how === 'zero-lost' && s.length < 6;
  if (found.length === 0) {
    const reason = diagnose(s, bare, cc);
    return cc ? { ok: false, reason } : { ok: false, reason, need: 'country' };
  }
  const readings = grouped(found);
  return {
    ok: true,
    readings,
    applicable,
    ...(warnings ? { warnings } : {}),
    ...(cc ? { country: cc } : {}),
    ...(weak ? { weak: weakReason(s, cc!, readings[0]) } : {}),
  };
}

/** A national number's readings in its country: as written, by a convention across a border, as a mobile. */
function nationalReadings(
  s: string,
  cc: CountryCode,
  column: { mobile?: boolean },
  add: (how: How, r: (Parsed & { legacy?: string }) | undefined) => void,
): void {
  const written = readOrLegacy(s, cc);
  add('written', written);
  // In a column of mobiles, a landline as written may be a mobile written without its 9: the column decides.
  const mobile = column.mobile ? argentineMobile(s, cc, written) : undefined;
  if (mobile !== undefined) add('mobile-9', mobile ?? undefined);
  const border = borderReading(s, cc);
  if (border) add('border', border);
}

/**
 * The readings --without-plus leaves: `national` drops those only a lost + gives (an error when nothing is left),
 * `international` keeps those a lost + gives when there are any.
 */
export function withoutPlusFilter(
  cell: Extract<CellReading, { ok: true }>,
  mode: 'national' | 'international',
): Reading[] | string {
  const plus = (r: Reading) => r.hows.includes('plus-lost');
  const { readings } = cell;
  if (mode === 'international') {
    const kept = readings.filter(plus);
    return kept.length ? kept : readings;
  }
  const kept = readings.filter((r) => !(r.hows.length === 1 && plus(r)));
  if (kept.length) return kept;
  return `not a valid ${cell.country ?? ''} number; with a + it would be ${describeReading(readings[0])}, but --without-plus national reads numbers without + as national`.replace(
    'valid  number',
    'valid number',
  );
}

/** The way out of an ambiguity, as the reason's end: write the cell so that it reads one way. */
export function wayOut(readings: Reading[], offer?: 'national' | 'international'): string {
  const hows = new Set(readings.flatMap((r) => r.hows));
  const ways: string[] = [];
  if (hows.has('plus-lost')) ways.push('write it with + if it is international');
  if (hows.has('zero-lost')) ways.push('write its leading 0 if it is a landline');
  if (hows.has('plus-lost') && hows.has('written'))
    ways.push(
      offer
        ? `or pass --without-plus ${offer}`
        : 'or say how this column writes numbers without + with --without-plus national or --without-plus international',
    );
  return ways.join(', ');
}

/**
 * `raw` as E.164 when the cell alone decides, or the reason it cannot be one. Separators are dropped, a leading 00
 * becomes +, an extension is split off (with a warning), and digits without + are read as a national number of
 * `defaultCountry` (keeping a leading 0 that belongs to the number, as Italian landlines' does: 02 1234 5678 →
 * +390212345678). Bare digits that read as another valid number with the + or 0 a spreadsheet drops are an error
 * naming every reading, unless `withoutPlus` says which applies: never a silently wrong number. A CSV column
 * decides such cells from its other cells (evidence.ts).
 */
export function toE164(raw: string, options: PhoneOptions | string = {}): PhoneResult {
  const opts: PhoneOptions = typeof options === 'string' ? { defaultCountry: options } : options;
  const cell = readCell(raw, opts.defaultCountry);
  if (!cell.ok) return cell;
  if (cell.weak) return { ok: false, reason: cell.weak };
  const readings = opts.withoutPlus ? withoutPlusFilter(cell, opts.withoutPlus) : cell.readings;
  if (typeof readings === 'string') return { ok: false, reason: readings };
  if (readings.length === 1) return typeCheck(readings[0], opts, legacyWarnings(readings[0], cell.warnings));
  return {
    ok: false,
    reason: `reads ${readings.length} ways: ${listReadings(readings, cell.country)}; ${wayOut(readings)}`,
  };
}

/** The warnings of a reading: the cell's own, and the legacy prefix it left out. */
function legacyWarnings(r: Reading, warnings?: string[]): string[] | undefined {
  if (!r.legacy) return warnings;
  return [...(warnings ?? []), `read without the retired prefix ${r.legacy}: ${r.e164}`];
}

/** Why digits without + are not a number: name the spreadsheet damage when a repair would make it valid. */
function diagnose(digits: string, bare: boolean, country?: CountryCode): string {
  // Only a cell of bare digits can be a number a spreadsheet stored as a number: "(415) 555-0100" was text.
  if (bare && country && !digits.startsWith('0') && digits.length >= 7) {
    const withZero = read(`0${digits}`, country);
    if (withZero)
      return `lost its leading 0 (a spreadsheet stored it as a number?): if it is 0${digits}, that is ${withZero.e164}; format the column as text and export again`;
  }
  const withPlus = read(`+${digits}`);
  if (withPlus)
    return `lost its leading + (a spreadsheet stored it as a number?): if it is ${withPlus.e164}, write it with the +`;
  if (!country)
    return 'no country code: write it as +<country code><number>, or pass --default-country (for example IT)';
  const len = lengthReason(digits, country);
  return `not a valid ${country} number${len ? ` (${len})` : ''}`;
}

/**
 * A number that must already be E.164 (flags, JSON contacts, --file): the same rules, and when it is a valid
 * number written another way, the E.164 form to write instead.
 */
export function checkE164(raw: string, opts: PhoneOptions = {}): PhoneResult {
  const text = raw.trim();
  const rule = 'must be an E.164 phone number';
  if (/^\+\d+$/.test(text)) {
    const r = toE164(text, opts);
    return r.ok || !r.reason.startsWith('not a valid') ? r : { ok: false, reason: `${rule}: ${r.reason}` };
  }
  const r = toE164(text, opts);
  let suggestion = r.ok ? r.e164 : undefined;
  if (!suggestion) {
    const digits = text.replace(SEPARATORS, '');
    if (/^[1-9]\d+$/.test(digits)) suggestion = read(`+${digits}`)?.e164;
  }
  return {
    ok: false,
    reason: suggestion
      ? `${rule} (+, the country code, digits only): did you mean ${suggestion}?`
      : `${rule} such as +393331234567 (+, the country code, digits only)`,
  };
}
