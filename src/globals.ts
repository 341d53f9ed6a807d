// Global options and their defaults, in one place. Commander declares the flags without defaults;
// this schema supplies them, so a value never has two sources of truth.
import * as z from 'zod/mini';
import { FORMATS } from './io/output.js';
import { choice } from './schemas/common.js';

import { RequestTimeout } from './global-flags.js';

export { GLOBAL_FLAGS } from './global-flags.js';

export const GlobalOptions = z
  .object({
    profile: z.optional(z.string()),
    baseUrl: z.optional(z.string()),
    sandbox: z._default(z.boolean(), false),
    json: z._default(z.boolean(), false),
    output: z.optional(choice(FORMATS)),
    quiet: z._default(z.boolean(), false),
    jq: z.optional(z.string().check(z.refine((s) => s.trim() !== '', 'must be a jq expression, such as .[].id'))),
    fields: z.optional(
      z
        .pipe(
          z.string(),
          z.transform((s) => s.split(',').map((f) => f.trim())),
        )
        .check(
          z.refine((fs) => fs.every((f) => f !== ''), 'must be field names separated by commas, such as id,status'),
        ),
    ),
    csvRaw: z._default(z.boolean(), false),
    excel: z._default(z.boolean(), false),
    color: z._default(z.boolean(), true),
    debug: z._default(z.boolean(), false),
    requestTimeout: RequestTimeout,
  })
  // --json is -o json: with another format, one of the two would be ignored without a word.
  .check(
    z.refine((g) => !g.json || g.output === undefined || g.output === 'json', {
      path: ['output'],
      message: 'conflicts with --json (which is -o json): give one of them',
    }),
    // --jq filters JSON: a table or CSV would have nothing for it to read, and -q prints ids alone.
    z.refine((g) => g.jq === undefined || g.output === undefined || g.output === 'json', {
      path: ['output'],
      message: 'conflicts with --jq, which filters the JSON output',
    }),
    z.refine((g) => !g.excel || g.output === undefined || g.output === 'csv', {
      path: ['output'],
      message: 'conflicts with --excel, which writes CSV',
    }),
    z.refine((g) => !g.excel || (!g.json && g.jq === undefined), {
      path: ['excel'],
      message: 'conflicts with --json and --jq, which print JSON',
    }),
    z.refine((g) => g.jq === undefined || !g.quiet, {
      path: ['quiet'],
      message: 'conflicts with --jq: print the ids with --jq, e.g. --jq ".[].id"',
    }),
  );
export type GlobalOptions = z.infer<typeof GlobalOptions>;
