// Shapes shared by every endpoint of the reference (section 1): the envelope, pagination and errors.
// Response objects are loose: unknown fields pass through untouched, for forward compatibility.
//
// Every schema in src/ is written with zod/mini (functions, such as z.optional(s), instead of methods, such as
// s.optional()): the same zod core and the same rules, without the classic API that every command would otherwise
// load and build. Measured on this machine (README "Performance"): the classic API costs 14 ms (Node 20) and 19 ms
// (Node 24) more than zod/mini to load. English messages: locale.ts.
import * as z from 'zod/mini';
import { PAGINATION } from '../facts.js';
import './locale.js';

export { PAGINATION };
import { didYouMean } from '../suggest.js';

export const Pagination = z.looseObject({
  page: z.int(),
  limit: z.int(),
  total: z.int(),
  totalPages: z.int(),
});
export type Pagination = z.infer<typeof Pagination>;

/**
 * A number as typed on a command line or in a query string: digits, one point, an optional exponent, nothing
 * else (not 0x10, Infinity, NaN or an empty string, which Number() would take). Anything else stays a string
 * and fails the schema's type check, so the error names the value as typed.
 */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
export function decimal<S extends z.core.$ZodType>(schema: S) {
  return z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && DECIMAL.test(v.trim()) ? Number(v.trim()) : v)),
    schema,
  );
}

export const PageNumber = decimal(z.int({ error: 'must be a whole number' }).check(z.minimum(1, 'must be 1 or more')));
export const PageLimit = decimal(
  z
    .int({ error: 'must be a whole number' })
    .check(
      z.minimum(1, `must be between 1 and ${PAGINATION.maxLimit}`),
      z.maximum(PAGINATION.maxLimit, `must be between 1 and ${PAGINATION.maxLimit}`),
    ),
);

/** Query of a paginated list (the sandbox applies the defaults; the CLI sends only what was asked). */
export const PageQuery = z.object({
  page: z._default(PageNumber, PAGINATION.defaultPage),
  limit: z._default(PageLimit, PAGINATION.defaultLimit),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** `{data, requestId}` of a single resource. */
export function envelope<T extends z.core.$ZodType>(data: T) {
  return z.looseObject({ data, requestId: z.optional(z.string()) });
}

/** `{data: [...], pagination, requestId}` of a list. */
const envelopes = new WeakMap<z.core.$ZodType, z.core.$ZodType>();

/** The envelope of a list of `item`, built once per item schema (zod compiles each schema on first use). */
export function listEnvelope<T extends z.core.$ZodType>(item: T) {
  const make = () =>
    z.looseObject({ data: z.array(item), pagination: z.optional(Pagination), requestId: z.optional(z.string()) });
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
    details: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
  }),
  requestId: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Any record: an object whose fields we pass through. */
export const AnyRecord = z.looseObject({});
export type AnyRecord = z.infer<typeof AnyRecord>;

/** E.164: a + then 2 to 15 digits, the first not 0. */
const E164_PATTERN = /^\+[1-9]\d{1,14}$/;
export const E164 = z.string().check(z.regex(E164_PATTERN, 'must be an E.164 phone number such as +393331234567'));

/**
 * A value from a fixed list typed in any case (`--channel SMS`), sent in its canonical spelling (`sms`); a near
 * miss gets "did you mean". For flags: what the API itself accepts stays the exact enum.
 */
export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.pipe(
    z.string(),
    z.transform((v: string, ctx): T[number] => {
      const hit = values.find((x) => x.toLowerCase() === v.trim().toLowerCase());
      return hit ?? reject(ctx, `must be one of ${values.join(', ')}${didYouMean(v, values)}`);
    }),
  );
}

/**
 * Rejects the value a transform was given, with `message` (the rule; the flag and the value are added where the
 * error is reported): `return reject(ctx, 'must be ...')`.
 */
export function reject(ctx: z.core.ParsePayload, message: string): never {
  ctx.issues.push({ code: 'custom', message, input: ctx.value });
  return z.NEVER;
}

/** One of `values`, exactly as spelled (a JSON client sends the value itself): for the MCP tools. */
export const oneOf = <T extends string>(values: readonly T[]) =>
  z.enum(values as [T, ...T[]], { error: `must be one of ${values.join(', ')}` });
