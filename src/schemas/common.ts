// Shapes shared by every endpoint of the reference (section 1): the envelope, pagination and errors.
// Response objects are loose: unknown fields pass through untouched, for forward compatibility.
import * as z from 'zod';
import { PAGINATION } from '../facts.js';
export { PAGINATION };
import { didYouMean } from '../suggest.js';

export const Pagination = z.looseObject({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

/**
 * A number as typed on a command line or in a query string: digits, one point, an optional exponent, nothing
 * else (not 0x10, Infinity, NaN or an empty string, which Number() would take). Anything else stays a string
 * and fails the schema's type check, so the error names the value as typed.
 */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
export function decimal<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => (typeof v === 'string' && DECIMAL.test(v.trim()) ? Number(v.trim()) : v), schema);
}

export const PageNumber = decimal(
  z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be 1 or more'),
);
export const PageLimit = decimal(
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, `must be between 1 and ${PAGINATION.maxLimit}`)
    .max(PAGINATION.maxLimit, `must be between 1 and ${PAGINATION.maxLimit}`),
);

/** Query of a paginated list (the sandbox applies the defaults; the CLI sends only what was asked). */
export const PageQuery = z.object({
  page: PageNumber.default(PAGINATION.defaultPage),
  limit: PageLimit.default(PAGINATION.defaultLimit),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** `{data, requestId}` of a single resource. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.looseObject({ data, requestId: z.string().optional() });
}

/** `{data: [...], pagination, requestId}` of a list. */
const envelopes = new WeakMap<z.ZodType, z.ZodType>();

/** The envelope of a list of `item`, built once per item schema (zod compiles each schema on first use). */
export function listEnvelope<T extends z.ZodType>(item: T) {
  const make = () =>
    z.looseObject({ data: z.array(item), pagination: Pagination.optional(), requestId: z.string().optional() });
  let e = envelopes.get(item) as ReturnType<typeof make> | undefined;
  if (!e) envelopes.set(item, (e = make()));
  return e;
}

/**
 * The error body the sandbox sends. The reference does not show one ("Error response body shape: not shown"),
 * so the client never relies on it: see api/errors.ts for the lenient reader.
 */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
  requestId: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Any record: an object whose fields we pass through. */
export const AnyRecord = z.looseObject({});
export type AnyRecord = z.infer<typeof AnyRecord>;

/** E.164: a + then 2 to 15 digits, the first not 0. */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;
export const E164 = z.string().regex(E164_PATTERN, 'must be an E.164 phone number such as +393331234567');

/**
 * A value from a fixed list typed in any case (`--channel SMS`), sent in its canonical spelling (`sms`); a near
 * miss gets "did you mean". For flags: what the API itself accepts stays the exact enum.
 */
export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.string().transform((v, ctx): T[number] => {
    const hit = values.find((x) => x.toLowerCase() === v.trim().toLowerCase());
    if (hit !== undefined) return hit;
    ctx.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}${didYouMean(v, values)}` });
    return z.NEVER;
  });
}
