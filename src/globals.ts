// Global options and their defaults, in one place. Commander declares the flags without defaults;
// this schema supplies them, so a value never has two sources of truth.
import { z } from 'zod';
import { FORMATS } from './io/output.js';
import { decimal } from './schemas/common.js';

export { GLOBAL_FLAGS } from './global-flags.js';

export const GlobalOptions = z.object({
  profile: z.string().optional(),
  baseUrl: z.string().optional(),
  sandbox: z.boolean().default(false),
  json: z.boolean().default(false),
  output: z.enum(FORMATS, { error: `must be one of ${FORMATS.join(', ')}` }).optional(),
  quiet: z.boolean().default(false),
  csvRaw: z.boolean().default(false),
  color: z.boolean().default(true),
  debug: z.boolean().default(false),
  /** Seconds per HTTP request. */
  timeout: decimal(
    z
      .number({ error: 'must be a number of seconds' })
      .positive('must be more than 0')
      .max(3600, 'must be at most 3600'),
  ).default(30),
});
export type GlobalOptions = z.infer<typeof GlobalOptions>;
