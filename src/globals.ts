// The global options' schema: the shape of the one table (global-flags.ts), with the rules across options.
// Commander declares the flags without defaults; the table's schemas supply them.
import * as z from 'zod/mini';
import { GLOBAL_SHAPE } from './global-flags.js';

export const GlobalOptions = z
  .object(GLOBAL_SHAPE)
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
    z.refine((g) => g.jq === undefined || !g.quiet, {
      path: ['quiet'],
      message: 'conflicts with --jq: print the ids with --jq, e.g. --jq ".[].id"',
    }),
  );
export type GlobalOptions = z.infer<typeof GlobalOptions>;
