// Global options and their defaults, in one place. Commander declares the flags without defaults;
// this schema supplies them, so a value never has two sources of truth.
import * as z from 'zod';
import { FORMATS } from './io/output.js';
import { choice } from './schemas/common.js';
import { durationFlag } from './schemas/duration.js';

export { GLOBAL_FLAGS } from './global-flags.js';

export const GlobalOptions = z
  .object({
    profile: z.string().optional(),
    baseUrl: z.string().optional(),
    sandbox: z.boolean().default(false),
    json: z.boolean().default(false),
    output: choice(FORMATS).optional(),
    quiet: z.boolean().default(false),
    csvRaw: z.boolean().default(false),
    color: z.boolean().default(true),
    debug: z.boolean().default(false),
    /** The limit of each HTTP request (a command's own --timeout, where it waits, is the whole wait). */
    requestTimeout: durationFlag(3600, '1 hour').prefault('30'),
  })
  // --json is -o json: with another format, one of the two would be ignored without a word.
  .refine((g) => !g.json || g.output === undefined || g.output === 'json', {
    path: ['output'],
    message: 'conflicts with --json (which is -o json): give one of them',
  });
export type GlobalOptions = z.infer<typeof GlobalOptions>;
