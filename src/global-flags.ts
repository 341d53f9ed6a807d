// The global options as commander declares them. Their rules live in globals.ts (GlobalOptions); a default that
// help names is read from its schema here, so that it is written once.
import { durationFlag } from './schemas/duration.js';
import type { Complete } from './commands/define.js';
import { FORMATS } from './io/output.js';
import * as z from 'zod/mini';

/** The limit of each HTTP request (a command's own --timeout, where it waits, is the whole wait). */
export const RequestTimeout = z.prefault(durationFlag(3600, '1 hour'), '30s');

/** Flags of the global options; `value` marks those that take one, `complete` where completion finds its values. */
export const GLOBAL_FLAGS: { flags: string; description: string; value?: boolean; complete?: Complete }[] = [
  {
    flags: '--profile <name>',
    description: 'use this stored profile (env VOICECTL_PROFILE)',
    value: true,
    complete: 'profiles',
  },
  { flags: '--base-url <url>', description: 'API base URL (env VOICECTL_BASE_URL)', value: true },
  { flags: '--sandbox', description: 'run against the local sandbox: no account, no charges' },
  { flags: '--json', description: 'print JSON (the default when stdout is not a terminal)' },
  {
    flags: '-o, --output <format>',
    description: `output format: ${FORMATS.join('|')}`,
    value: true,
    complete: FORMATS,
  },
  { flags: '-q, --quiet', description: 'print only IDs, one per line' },
  {
    flags: '--jq <expression>',
    description: "filter the JSON output with a jq expression (jq's language, no jq needed): strings print raw",
    value: true,
  },
  {
    flags: '--fields <a,b,c>',
    description: 'only these fields, in this order: table and CSV columns, JSON record keys',
    value: true,
  },
  {
    flags: '--excel',
    description:
      "CSV for a spreadsheet (implies -o csv): a byte-order mark, CRLF and your locale's list separator (; where the decimal mark is a comma; VOICECTL_CSV_SEPARATOR states it)",
  },
  { flags: '--csv-raw', description: 'CSV cells exactly as the data: no guard against spreadsheet formulas' },
  { flags: '--no-color', description: 'no colors (also NO_COLOR=1)' },
  { flags: '--debug', description: 'log HTTP requests and responses to stderr (the key is redacted)' },
  {
    flags: '--request-timeout <duration>',
    description: `limit of each HTTP request, its whole body (downloads too) included: 30, 90s, 2m, at most 1h (default ${RequestTimeout._zod.def.defaultValue})`,
    value: true,
  },
];

/** The flags above that take a value, each spelling (`-o`, `--output`). */
export const VALUE_FLAGS: ReadonlySet<string> = new Set(
  GLOBAL_FLAGS.filter((g) => g.value).flatMap((g) => g.flags.split(/[ ,]+/).filter((s) => s.startsWith('-'))),
);
