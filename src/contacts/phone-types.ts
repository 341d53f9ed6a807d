// The number types of libphonenumber-js and what a campaign does with each: written once, for the rules
// (phone.ts), the --allow-types flag, its help and the README. Light: no imports, safe at start-up.

export type PhoneType =
  | 'MOBILE'
  | 'FIXED_LINE'
  | 'FIXED_LINE_OR_MOBILE'
  | 'VOIP'
  | 'PERSONAL_NUMBER'
  | 'TOLL_FREE'
  | 'PREMIUM_RATE'
  | 'SHARED_COST'
  | 'VOICEMAIL'
  | 'UAN'
  | 'PAGER'
  | 'UNKNOWN';

type Policy = 'call' | 'warn' | 'refuse';

/**
 * What an AI agent should not dial unasked: numbers whose caller pays a premium for the content (premium rate),
 * that reach no person (voicemail access, pagers), or whose type nobody can tell (unknown). Company numbers are
 * called: a UAN (NL 088, BE 078, TR 444, JP 0570, AR 0810) and a shared-cost line (ZA 0860, CH 0848, GB 084x) are
 * how businesses publish their main line, billed near the national rate, and a B2B list is full of them. Toll-free
 * lines are call centres: allowed, with a warning.
 */
export const PHONE_TYPES: Record<PhoneType, { label: string; flag: string; policy: Policy }> = {
  MOBILE: { label: 'mobile', flag: 'mobile', policy: 'call' },
  FIXED_LINE: { label: 'fixed line', flag: 'fixed-line', policy: 'call' },
  FIXED_LINE_OR_MOBILE: { label: 'fixed line or mobile', flag: 'fixed-line-or-mobile', policy: 'call' },
  VOIP: { label: 'VoIP', flag: 'voip', policy: 'call' },
  PERSONAL_NUMBER: { label: 'personal number', flag: 'personal', policy: 'call' },
  TOLL_FREE: { label: 'toll-free', flag: 'toll-free', policy: 'warn' },
  PREMIUM_RATE: { label: 'premium-rate', flag: 'premium-rate', policy: 'refuse' },
  SHARED_COST: { label: 'shared-cost', flag: 'shared-cost', policy: 'call' },
  VOICEMAIL: { label: 'voicemail access', flag: 'voicemail', policy: 'refuse' },
  UAN: { label: 'UAN (universal access)', flag: 'uan', policy: 'call' },
  PAGER: { label: 'pager', flag: 'pager', policy: 'refuse' },
  UNKNOWN: { label: 'unknown-type', flag: 'unknown', policy: 'refuse' },
};

const entries = Object.entries(PHONE_TYPES) as [PhoneType, (typeof PHONE_TYPES)[PhoneType]][];
export const REFUSED_FLAGS = entries.filter(([, t]) => t.policy === 'refuse').map(([, t]) => t.flag);
export const WARNED_FLAGS = entries.filter(([, t]) => t.policy === 'warn').map(([, t]) => t.flag);
/**
 * The values --allow-types takes: every type, so that a script written when a type was refused by default (uan,
 * shared-cost) still runs; the types refused or warned about by default are those it changes.
 */
export const ALLOWABLE_FLAGS = [
  ...REFUSED_FLAGS,
  ...WARNED_FLAGS,
  ...entries.filter(([, t]) => t.policy === 'call').map(([, t]) => t.flag),
];
export function typeOfFlag(flag: string): PhoneType | undefined {
  return entries.find(([, t]) => t.flag === flag)?.[0];
}
