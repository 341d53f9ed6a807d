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
    csvRaw: z._default(z.boolean(), false),
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
  );
export type GlobalOptions = z.infer<typeof GlobalOptions>;
