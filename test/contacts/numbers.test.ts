// The one number validator (src/contacts/phone.ts): the ambiguity of digits without +, the number types a
// campaign refuses, separators and extensions as people write them, E.164 suggestions, multi-number cells.
import { describe, expect, it } from 'vitest';
import { splitNumbers } from '../../src/contacts/columns.js';
import { checkE164, toE164 } from '../../src/contacts/phone.js';

const IT = { defaultCountry: 'IT' };

describe('digits without +: never a silently wrong number', () => {
  it('a French mobile whose + Excel dropped, in an Italian file: both readings, exit as a row error', () => {
    expect(toE164('33612345678', IT)).toEqual({
      ok: false,
      reason:
        'reads 2 ways: +3933612345678 (IT voicemail access) as written, a national number of IT, or +33612345678 (FR mobile) if a spreadsheet dropped its +; write it with + if it is international, or say how this column writes numbers without + with --without-plus national or --without-plus international',
    });
  });

  it('boundaries: the readings agree, or only one is valid', () => {
    // Last good: an Italian mobile; +3331234567 cannot be a number (France has 9-digit numbers).
    expect(toE164('3331234567', IT)).toEqual({ ok: true, e164: '+393331234567' });
    // Both readings are the same number: libphonenumber strips the default country's own code.
    expect(toE164('393471234567', IT)).toEqual({ ok: true, e164: '+393471234567' });
    // First bad: one digit more makes the + reading a valid French number.
    expect(toE164('33612345678', IT).ok).toBe(false);
  });

  it('--without-plus says which reading applies', () => {
    expect(toE164('33612345678', { ...IT, withoutPlus: 'international' })).toEqual({
      ok: true,
      e164: '+33612345678',
    });
    // The national reading is a voicemail access number: refused by type unless allowed.
    expect(toE164('33612345678', { ...IT, withoutPlus: 'national' })).toEqual({
      ok: false,
      reason:
        '+3933612345678 is a voicemail access number (IT), not called by default: --allow-types voicemail allows it',
    });
    expect(toE164('33612345678', { ...IT, withoutPlus: 'national', allowTypes: ['VOICEMAIL'] })).toEqual({
      ok: true,
      e164: '+3933612345678',
    });
    // A leading 0 is a trunk prefix: national whatever the option.
    expect(toE164('02 1234 5678', { ...IT, withoutPlus: 'international' })).toEqual({
      ok: true,
      e164: '+390212345678',
    });
    expect(toE164('447946095800', { withoutPlus: 'international' })).toEqual({ ok: true, e164: '+447946095800' });
    // A number that reads only one way is read that way, whatever the option.
    expect(toE164('3331234567', { ...IT, withoutPlus: 'international' })).toEqual({ ok: true, e164: '+393331234567' });
    // --without-plus national: digits without + are national numbers, even where only a lost + would make one.
    expect(toE164('447946095800', { ...IT, withoutPlus: 'national' })).toEqual({
      ok: false,
      reason:
        'not a valid IT number; with a + it would be +447946095800 (GB mobile), but --without-plus national reads numbers without + as national',
    });
  });
});

describe('number types', () => {
  it.each([
    ['+39 899 123456', 'premium-rate', 'premium-rate', 'IT'],
    ['+44 843 123 4567', 'premium-rate', 'premium-rate', 'GB'],
    ['+49 164 12345678', 'pager', 'pager', 'DE'],
  ])('%s is refused as %s unless --allow-types %s', (raw, label, flag, country) => {
    const r = toE164(raw);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(
      new RegExp(
        `is a ${label.replace(/[()]/g, '\\$&')} number \\(${country}\\), not called by default: --allow-types ${flag} allows it$`,
      ),
    );
  });

  // Company lines: UAN and shared-cost numbers are how businesses publish their main line (docs/contacts.md).
  it.each([
    ['088 123 4567', 'NL', '+31881234567'],
    ['078 15 15 15', 'BE', '+3278151515'],
    ['444 1 234', 'TR', '+904441234'],
    ['0810 222 1234', 'AR', '+548102221234'],
    ['0570 012 345', 'JP', '+81570012345'],
    ['0860 123 456', 'ZA', '+27860123456'],
    ['0848 123 456', 'CH', '+41848123456'],
    ['+44 55 1234 5678', 'GB', '+445512345678'],
  ])('the company line %s (%s) is called by default, without a remark', (raw, country, e164) => {
    expect(toE164(raw, country)).toEqual({ ok: true, e164 });
    // --allow-types uan and shared-cost still parse, for scripts written when they were refused.
    expect(toE164(raw, { defaultCountry: country, allowTypes: ['UAN', 'SHARED_COST'] })).toEqual({ ok: true, e164 });
  });

  it('allowed types pass; toll-free passes with a warning that --allow-types toll-free silences', () => {
    expect(toE164('+39 899 123456', { allowTypes: ['PREMIUM_RATE'] })).toEqual({ ok: true, e164: '+39899123456' });
    expect(toE164('+39 800 123456')).toEqual({
      ok: true,
      e164: '+39800123456',
      warnings: ['+39800123456 is a toll-free number (--allow-types toll-free accepts it without this warning)'],
    });
    expect(toE164('+39 800 123456', { allowTypes: ['TOLL_FREE'] })).toEqual({ ok: true, e164: '+39800123456' });
    for (const n of ['+393331234567', '+390212345678', '+14155550100', '+4915010123456'])
      expect(toE164(n)).toEqual({ ok: true, e164: n });
  });
});

describe('separators, markers and extensions as people write them', () => {
  it.each([
    ["'+39 333 765 4321", IT, '+393337654321'], // a spreadsheet's text marker
    ['="0212345678"', IT, '+390212345678'], // a formula that keeps the 0
    ['0151/23456780', { defaultCountry: 'DE' }, '+4915123456780'],
    ['+49 (0)151 23456780', {}, '+4915123456780'],
    ['+44 (0)20 7946 0958', {}, '+442079460958'],
    ['+39 (0)2 1234 5678', {}, '+390212345678'], // Italy keeps its 0
    ['+33\u00a06\u00a012\u00a034\u00a056\u00a078', {}, '+33612345678'], // no-break spaces
    ['+33\u20096\u200912\u200934\u200956\u200978', {}, '+33612345678'], // thin spaces
    ['+33\u202f6\u202f12\u202f34\u202f56\u202f78', {}, '+33612345678'], // narrow no-break spaces
    ['06 12 34 56 78', { defaultCountry: 'FR' }, '+33612345678'],
  ])('%j → %s', (raw, opts, e164) => expect(toE164(raw, opts)).toEqual({ ok: true, e164 }));

  it('a (0) that may belong to the number reads two ways: an error naming both', () => {
    // +39 144 000 000 and +39 0144 000000 are both Italian numbers.
    expect(toE164('+39 (0)144 000 000', { anyType: true })).toEqual({
      ok: false,
      reason:
        'reads two ways: +39144000000 (IT premium-rate) without the (0), or +390144000000 (IT fixed line) with it; write it without the (0) as it is dialled from abroad',
    });
  });

  it.each([
    ['+1 415 555 0100 ext. 12', '12'],
    ['+1 415 555 0100 x12', '12'],
    ['+1 (415) 555-0100 #204', '204'],
    ['+49 30 1234567 Durchwahl 89', '89'],
  ])('%j: the extension is split off with a warning', (raw, ext) => {
    const r = toE164(raw);
    expect(r.ok).toBe(true);
    expect(r.ok && r.warnings).toEqual([`extension ${ext} left out: calls cannot dial extensions`]);
  });

  it('names the offending character and its position', () => {
    expect(toE164('+39 333 l234567')).toEqual({
      ok: false,
      reason:
        'not a phone number: "l" at position 9 (only digits, a leading +, an extension and the separators space - . / ( ) are allowed)',
    });
    expect(toE164('+39 333*1234567').ok).toBe(false);
    expect(!toE164('+39 333*1234567').ok && (toE164('+39 333*1234567') as { reason: string }).reason).toContain(
      '"*" at position 8',
    );
    expect((toE164('39+3331234567') as { reason: string }).reason).toContain('"+" at position 3');
  });
});

describe('checkE164: the doors that take E.164 (flags, JSON contacts, --file)', () => {
  it('accepts E.164 as it is', () => {
    expect(checkE164('+390212345678')).toEqual({ ok: true, e164: '+390212345678' });
  });
  it('suggests the E.164 form of a valid number written another way', () => {
    const suggests = (e164: string) => ({
      ok: false,
      reason: `must be an E.164 phone number (+, the country code, digits only): did you mean ${e164}?`,
    });
    expect(checkE164('+39 02 1234 5678')).toEqual(suggests('+390212345678'));
    expect(checkE164('0039 02 1234 5678')).toEqual(suggests('+390212345678'));
    expect(checkE164('390212345678')).toEqual(suggests('+390212345678'));
    expect(checkE164('02 1234 5678', { defaultCountry: 'IT' })).toEqual(suggests('+390212345678'));
    expect(checkE164('02 1234 5678')).toEqual({
      ok: false,
      reason: 'must be an E.164 phone number such as +393331234567 (+, the country code, digits only)',
    });
  });
  it('refuses what only looks like E.164 (boundaries: +12 and a zero range)', () => {
    expect(checkE164('+12')).toEqual({
      ok: false,
      reason: 'must be an E.164 phone number: not a valid phone number (too short)',
    });
    expect(checkE164('+390000000000')).toEqual({
      ok: false,
      reason: 'must be an E.164 phone number: not a valid phone number',
    });
    // The last good one: a real number of the same shape.
    expect(checkE164('+390212345678')).toEqual({ ok: true, e164: '+390212345678' });
    expect(checkE164('+39899123456').ok).toBe(false);
    expect(checkE164('+39899123456', { anyType: true })).toEqual({ ok: true, e164: '+39899123456' });
  });
});

describe('splitNumbers: multi-number cells', () => {
  it.each([
    ['+1 415 555 0100 ::: +1 415 555 0101', ['+1 415 555 0100', '+1 415 555 0101']],
    ['333 1234567\n347 7654321', ['333 1234567', '347 7654321']],
    ['333 1234567; 347 7654321', ['333 1234567', '347 7654321']],
    ['333 1234567, 347 7654321', ['333 1234567', '347 7654321']],
    ['0151/23456780', ['0151/23456780']],
    ['+1 415 555 0100 ext. 12', ['+1 415 555 0100 ext. 12']],
    ['+1 415 555 0100, ext. 12; +1 415 555 0101', ['+1 415 555 0100 ext. 12', '+1 415 555 0101']],
  ])('%j', (cell, parts) => expect(splitNumbers(cell)).toEqual(parts));
});
