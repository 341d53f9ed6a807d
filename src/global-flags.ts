// The global options as commander declares them. Their rules live in globals.ts (GlobalOptions); a default that
// help names is read from its schema here, so that it is written once.
import { durationFlag } from './schemas/duration.js';
import type { Complete } from './commands/define.js';
import { FORMATS } from './io/output.js';
import * as z from 'zod/mini';
import { choice } from './schemas/common.js';

/** The limit of each HTTP request (a command's own --timeout, where it waits, is the whole wait). */
const RequestTimeout = z.prefault(durationFlag(3600, '1 hour'), '30s');

interface GlobalFlag<K extends string = string, S extends z.core.$ZodType = z.core.$ZodType> {
  /** The option's key, as commander names it (`--no-color` is `color`) and the commands read it. */
  key: K;
  flags: string;
  description: string;
  /** The rule and the default (the only place one is written). */
  schema: S;
  /** Takes a value. */
  value?: boolean;
  /** Where completion finds its values. */
  complete?: Complete;
}

const flag = <K extends string, S extends z.core.$ZodType>(g: GlobalFlag<K, S>) => g;

/** Whether a value the user gave passes --jq: a program, not blanks. */
const JqProgram = z.string().check(z.refine((s) => s.trim() !== '', 'must be a jq expression, such as .[].id'));

/** --fields a,b,c: field names separated by commas. */
const FieldList = z
  .pipe(
    z.string(),
    z.transform((s) => s.split(',').map((f) => f.trim())),
  )
  .check(z.refine((fs) => fs.every((f) => f !== ''), 'must be field names separated by commas, such as id,status'));

const off = z._default(z.boolean(), false);

/**
 * The twelve global options, declared once: commander's options (root help in full, every other help in one line),
 * completion, docs/commands.md and the options' schema (globals.ts) all come from this table.
 */
export const GLOBAL_FLAGS = [
  flag({
    key: 'profile',
    flags: '--profile <name>',
    description: 'use this stored profile (env VOICECTL_PROFILE)',
    schema: z.optional(z.string()),
    value: true,
    complete: 'profiles',
  }),
  flag({
    key: 'baseUrl',
    flags: '--base-url <url>',
    description: 'API base URL (env VOICECTL_BASE_URL)',
    schema: z.optional(z.string()),
    value: true,
  }),
  flag({
    key: 'sandbox',
    flags: '--sandbox',
    description: 'run against the local sandbox: no account, no charges',
    schema: off,
  }),
  flag({
    key: 'json',
    flags: '--json',
    description: 'print JSON (the default when stdout is not a terminal)',
    schema: off,
  }),
  flag({
    key: 'output',
    flags: '-o, --output <format>',
    description: `output format: ${FORMATS.join('|')}`,
    schema: z.optional(choice(FORMATS)),
    value: true,
    complete: FORMATS,
  }),
  flag({ key: 'quiet', flags: '-q, --quiet', description: 'print only IDs, one per line', schema: off }),
  flag({
    key: 'jq',
    flags: '--jq <expression>',
    description: "filter the JSON output with a jq expression (jq's language, no jq needed): strings print raw",
    schema: z.optional(JqProgram),
    value: true,
  }),
  flag({
    key: 'fields',
    flags: '--fields <a,b,c>',
    description: 'only these fields, in this order: table and CSV columns, JSON record keys',
    schema: z.optional(FieldList),
    value: true,
  }),
  flag({
    key: 'csvRaw',
    flags: '--csv-raw',
    description: 'CSV cells exactly as the data: no guard against spreadsheet formulas',
    schema: off,
  }),
  flag({
    key: 'color',
    flags: '--no-color',
    description: 'no colors (also NO_COLOR=1)',
    schema: z._default(z.boolean(), true),
  }),
  flag({
    key: 'debug',
    flags: '--debug',
    description: 'log HTTP requests and responses to stderr (the key is redacted)',
    schema: off,
  }),
  flag({
    key: 'requestTimeout',
    flags: '--request-timeout <duration>',
    description: `limit of each HTTP request, its whole body (downloads too) included: 30, 90s, 2m, at most 1h (default ${RequestTimeout._zod.def.defaultValue})`,
    schema: RequestTimeout,
    value: true,
  }),
];

type Shape = { [G in (typeof GLOBAL_FLAGS)[number] as G['key']]: G['schema'] };

/** The global options' schema shape, from the table (globals.ts adds the rules across them). */
export const GLOBAL_SHAPE = Object.fromEntries(GLOBAL_FLAGS.map((g) => [g.key, g.schema])) as Shape;

/** The flags above that take a value, each spelling (`-o`, `--output`). */
export const VALUE_FLAGS: ReadonlySet<string> = new Set(
  GLOBAL_FLAGS.filter((g) => g.value).flatMap((g) => g.flags.split(/[ ,]+/).filter((s) => s.startsWith('-'))),
);
