// The flags of every command that reads contacts (contacts convert, campaigns create, voicectl mcp): each declared
// once (src/commands/define.ts), its zod schema beside its help. Light: zod and commander only.
import { type Command, Option } from 'commander';
import * as z from 'zod/mini';
import type { Flag } from '../commands/define.js';
import { Encoding } from '../io/encoding.js';
import { ALLOWABLE_FLAGS, REFUSED_FLAGS, typeOfFlag, WARNED_FLAGS } from './phone-types.js';

const names = z
  .pipe(
    z.string(),
    z.transform((s: string) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x !== ''),
    ),
  )
  .check(z.refine((a) => a.length > 0, 'must name at least one column (comma-separated)'));

const DELIMITER_NAMES: Record<string, string> = { comma: ',', semicolon: ';', tab: '\t', '\\t': '\t', pipe: '|' };

/**
 * --skip-invalid, --rejects and --force: what a command does with the rows of a CSV that have errors. `outputs` names
 * the files --force may replace (`--out or --rejects`); `skipped` says where the valid contacts go.
 */
export function rejectsFlags(outputs: string, skipped: string) {
  return {
    skipInvalid: {
      flag: '--skip-invalid',
      help: `leave rows with errors out instead of stopping: ${skipped} (their count goes to stderr)`,
      schema: z._default(z.boolean(), false),
    },
    rejects: {
      flag: '--rejects <file.csv>',
      help: "with --skip-invalid: write the rows left out to this file (not -), with their row number and reasons, in the input's delimiter and encoding (UTF-8 with a BOM, for Excel)",
      schema: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
    },
    force: {
      flag: '--force',
      help: `replace an existing ${outputs} file`,
      schema: z._default(z.boolean(), false),
    },
    maxSkipped: {
      flag: '--max-skipped <limit>',
      help: `with --skip-invalid: the most rows left out, as a share of the rows (${formatMaxSkipped(MAX_SKIPPED_DEFAULT)}, the default) or a count (50); beyond it nothing is ${skipped.includes('campaign') ? 'sent' : 'written'} (exit 2)`,
      schema: z.optional(MaxSkippedSchema),
      mcp: false,
    },
  } satisfies Record<string, Flag>;
}

/** --max-skipped: a share of the rows ({ share: 0.2 }) or a number of rows. */
export type MaxSkipped = { share: number } | { rows: number };

/**
 * The share of a list --skip-invalid leaves out by default before it stops: a few dirty rows are a list's life, a
 * fifth of it is a list read wrong (a column, a country, an encoding) more often than a dirty one.
 */
export const MAX_SKIPPED_DEFAULT: MaxSkipped = { share: 0.2 };

export function formatMaxSkipped(m: MaxSkipped): string {
  return 'share' in m ? `${Math.round(m.share * 1000) / 10}%` : String(m.rows);
}

const MaxSkippedSchema = z
  .pipe(
    z
      .string()
      .check(
        z.trim(),
        z.regex(/^(?:\d+(?:\.\d+)?%|\d+)$/, 'must be a share such as 10% or a number of rows such as 50'),
      ),
    z.transform(
      (s: string): MaxSkipped => (s.endsWith('%') ? { share: Number(s.slice(0, -1)) / 100 } : { rows: Number(s) }),
    ),
  )
  .check(z.refine((m) => !('share' in m) || m.share <= 1, 'must be at most 100%'));

/**
 * The flags that say how a CSV reads: columns, country, delimiter, encoding, duplicates, number types. The MCP tools
 * offer the first and the country; the rest keep their defaults there (the commands have them all).
 */
export const CSV_FLAGS = {
  phoneColumn: {
    flag: '--phone-column <names>',
    help: "CSV column(s) of the main number, in order of preference: the first non-empty one wins (default: phone_number, else the columns named like a phone: Mobile, Phone 1 - Value, Telefono, Handy, ...; '#3' names a column by position)",
    schema: z.optional(names),
    mcp: { description: 'Main number column(s); default by name' },
  },
  attemptColumns: {
    flag: '--attempt-columns <names>',
    help: 'CSV columns of alternative numbers for attempts 2, 3, ... (comma-separated), instead of contact_attempts.N.phone_number columns',
    schema: z.optional(names),
    mcp: false,
  },
  exclude: {
    flag: '--exclude <names>',
    help: 'CSV columns to leave out of the contacts (comma-separated)',
    schema: z.optional(names),
    mcp: false,
  },
  countryColumn: {
    flag: '--country-column <names>',
    help: "CSV column(s) naming each row's country, whose numbers without + are read there (default: found by name, such as Country, Land, País, Default Address Country Code, MAILINGCOUNTRY, CC, or by values: ISO codes or country names); none: read every row in --default-country",
    schema: z.optional(names),
    mcp: false,
  },
  defaultCountry: {
    flag: '--default-country <code>',
    help: 'read numbers without + as national numbers of this country (ISO code, e.g. IT)',
    schema: z.optional(
      z.pipe(
        z.string().check(z.trim(), z.regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO country code such as IT')),
        z.transform((s: string) => s.toUpperCase()),
      ),
    ),
    mcp: { description: 'Country of numbers without +, e.g. IT' },
  },
  delimiter: {
    flag: '--delimiter <char>',
    help: 'CSV delimiter: , ; tab | or any character (default: detected from the header)',
    schema: z.optional(
      z
        .pipe(
          z.string(),
          z.transform((s: string) => DELIMITER_NAMES[s.toLowerCase()] ?? s),
        )
        .check(
          z.refine(
            (s) => s.length === 1 && !/["\r\n]/.test(s),
            'must be one character, or comma, semicolon, tab or pipe',
          ),
        ),
    ),
    mcp: false,
  },
  encoding: {
    flag: '--encoding <name>',
    help: 'encoding of files without a BOM: utf-8 (default), windows-1252 (also called latin1: Excel on Windows), windows-1250, iso-8859-15, shift_jis (cp932), euc-kr, gbk, big5, or any encoding Node.js knows; UTF-8 and UTF-16 files with a BOM are read as such; the rejects of a multi-byte one are UTF-8 with a BOM',
    schema: z.optional(Encoding),
    mcp: false,
  },
  dedupe: {
    flag: '--dedupe',
    help: 'keep the first of contacts with the same main number instead of failing',
    schema: z.optional(z.boolean()),
    mcp: false,
  },
  withoutPlus: {
    flag: '--without-plus <reading>',
    help: 'digits written without + or 00 that read two ways (a national number, or an international one whose + a spreadsheet dropped) are an error; national or international says which reading applies',
    schema: z.optional(z.enum(['national', 'international'], { error: 'must be national or international' })),
    mcp: false,
  },
  allowTypes: {
    flag: '--allow-types <types>',
    help: `number types to call anyway (comma-separated). Refused by default: ${REFUSED_FLAGS.join(', ')}; ${WARNED_FLAGS.join(', ')} is called with a warning`,
    schema: z.optional(
      z.pipe(
        z.pipe(
          names,
          z.array(
            z.pipe(
              z.pipe(
                z.string(),
                z.transform((s: string) => s.toLowerCase()),
              ),
              z.enum(ALLOWABLE_FLAGS as [string, ...string[]], {
                error: `must be among ${ALLOWABLE_FLAGS.join(', ')}`,
              }),
            ),
          ),
        ),
        z.transform((flags: string[]) => flags.map((f) => typeOfFlag(f)!)),
      ),
    ),
    mcp: false,
  },
} satisfies Record<string, Flag>;

type CsvShape = { [K in keyof typeof CSV_FLAGS]: (typeof CSV_FLAGS)[K]['schema'] };

/** The fields of ContactsCsvOptions as a zod shape, to spread into a schema of one's own (the MCP tools). */
export const ContactsCsvShape = Object.fromEntries(
  Object.entries(CSV_FLAGS).map(([k, fl]) => [k, fl.schema]),
) as CsvShape;

/** Parses the raw commander options added by addCsvOptions. */
export const ContactsCsvOptions = z.object(ContactsCsvShape);
export type ContactsCsvOptions = z.infer<typeof ContactsCsvOptions>;

/** Adds the CSV flags to a command of commander's own; parse their values with ContactsCsvOptions. */
export function addCsvOptions(cmd: Command): Command {
  for (const fl of Object.values(CSV_FLAGS)) cmd.addOption(new Option(fl.flag, fl.help));
  return cmd;
}
