// Phone numbers as people type them (and as spreadsheets damage them) to E.164.
// This module loads libphonenumber-js at its top level: import it lazily (`await import(...)`), never from a
// file loaded at start-up.
//
// Metadata: `libphonenumber-js/max`. It checks each number against the real number ranges of its country
// and type (mobile, fixed line, ...), not only its length, so "+39 999 1234567" is refused before anything
// dials it. Measured on this machine it costs the same per number as `/min` (about 14 µs to parse and
// validate, import ~85 ms either way), so the stricter check is free.
import {
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js/max';

export type PhoneResult = { ok: true; e164: string } | { ok: false; reason: string };

/** Spreadsheets turn long numbers into 3.93331E+11: the digits after the mantissa are gone. */
const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?e\+?\d+$/i;
/** Separators people type inside numbers: spaces (also non-breaking), dashes, dots, parentheses. */
const SEPARATORS = /[\s\-.()]/g;
const CLEAN = /^\+?\d+$/;

export function isCountry(code: string): boolean {
  return isSupportedCountry(code);
}

function lengthReason(number: string, country?: CountryCode): string | undefined {
  const why = validatePhoneNumberLength(number, country ? { defaultCountry: country } : undefined);
  if (why === 'TOO_SHORT') return 'too short';
  if (why === 'TOO_LONG') return 'too long';
  if (why === 'INVALID_LENGTH') return 'wrong number of digits';
  if (why === 'INVALID_COUNTRY') return 'unknown country code';
  return undefined;
}

function valid(text: string, country?: CountryCode): string | undefined {
  const p = parsePhoneNumberFromString(
    text,
    country ? { defaultCountry: country, extract: false } : { extract: false },
  );
  return p?.isValid() ? p.number : undefined;
}

/**
 * `raw` as E.164, or the reason it cannot be one. Separators are dropped, a leading 00 becomes +, and a
 * number without + is read as a national number of `defaultCountry` (keeping a leading 0 that belongs to
 * the number, as Italian landlines' does: 02 1234 5678 → +390212345678).
 */
export function toE164(raw: string, defaultCountry?: string): PhoneResult {
  const text = raw.trim();
  if (text === '') return { ok: false, reason: 'empty' };
  let s = text.replace(SEPARATORS, '');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  if (!CLEAN.test(s)) {
    if (SCIENTIFIC.test(text)) {
      return {
        ok: false,
        reason:
          'a spreadsheet turned this number into scientific notation and dropped its last digits: format the column as text and export again',
      };
    }
    return {
      ok: false,
      reason: 'not a phone number: only digits, a leading + and the separators space - . ( ) are allowed',
    };
  }
  const country = defaultCountry as CountryCode | undefined;
  if (s.startsWith('+')) {
    const e164 = valid(s);
    if (e164) return { ok: true, e164 };
    const len = lengthReason(s);
    return { ok: false, reason: `not a valid phone number${len ? ` (${len})` : ''}` };
  }
  if (country) {
    const e164 = valid(s, country);
    if (e164) return { ok: true, e164 };
  }
  return { ok: false, reason: diagnose(s, country) };
}

/** Why digits without + are not a number: name the spreadsheet damage when a repair would make it valid. */
function diagnose(digits: string, country?: CountryCode): string {
  if (country && !digits.startsWith('0') && digits.length >= 7) {
    const withZero = valid(`0${digits}`, country);
    if (withZero)
      return `lost its leading 0 (a spreadsheet stored it as a number?): if it is 0${digits}, that is ${withZero}; format the column as text and export again`;
  }
  const withPlus = valid(`+${digits}`);
  if (withPlus)
    return `lost its leading + (a spreadsheet stored it as a number?): if it is ${withPlus}, write it with the +`;
  if (!country)
    return 'no country code: write it as +<country code><number>, or pass --default-country (for example IT)';
  const len = lengthReason(digits, country);
  return `not a valid ${country} number${len ? ` (${len})` : ''}`;
}
