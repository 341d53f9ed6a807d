// Global options and their defaults, in one place. Commander declares the flags without defaults;
// this schema supplies them, so a value never has two sources of truth.
import { z } from 'zod';
import { FORMATS } from './io/output.js';
import { choice, decimal } from './schemas/common.js';

export { GLOBAL_FLAGS } from './global-flags.js';

export const GlobalOptions = z
  .object({
    profile: z.string().optional(),
    baseUrl: z.string().optional(),
    sandbox: z.boolean().default(false),
    json: z.boolean().default(false),
    output: choice(FORMATS).optional(),
    quiet: z.boolean().default(false),
    color: z.boolean().default(true),
    debug: z.boolean().default(false),
    /** Seconds per HTTP request. */
    timeout: decimal(
      z
        .number({ error: 'must be a number of seconds' })
        .positive('must be more than 0')
        .max(3600, 'must be at most 3600'),
    ).default(30),
  })
  // --json is -o json: with another format, one of the two would be ignored without a word.
  .refine((g) => !g.json || g.output === undefined || g.output === 'json', {
    path: ['output'],
    message: 'conflicts with --json (which is -o json): give one of them',
  });
export type GlobalOptions = z.infer<typeof GlobalOptions>;
