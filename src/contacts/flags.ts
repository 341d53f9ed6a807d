// The flags of every command that reads contacts (contacts convert, campaigns create, voicectl mcp): each declared
// once, its zod schema beside its help. Light: zod and commander types only.
import type { Command } from 'commander';
import * as z from 'zod/mini';
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

/** --skip-invalid, --rejects and --force: what a command does with the rows of a CSV that have errors. */
export const RejectsShape = {
  skipInvalid: z._default(z.boolean(), false),
  rejects: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
  force: z._default(z.boolean(), false),
};

/** The fields of ContactsCsvOptions as a zod shape, to spread into a command's own options schema. */
export const ContactsCsvShape = {
  phoneColumn: z.optional(names),
  attemptColumns: z.optional(names),
  exclude: z.optional(names),
  defaultCountry: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO country code such as IT')),
      z.transform((s: string) => s.toUpperCase()),
    ),
  ),
  delimiter: z.optional(
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
  encoding: z.optional(Encoding),
  dedupe: z.optional(z.boolean()),
  withoutPlus: z.optional(z.enum(['national', 'international'], { error: 'must be national or international' })),
  allowTypes: z.optional(
    z.pipe(
      z.pipe(
        names,
        z.array(
          z.pipe(
            z.pipe(
              z.string(),
              z.transform((s: string) => s.toLowerCase()),
            ),
            z.enum(ALLOWABLE_FLAGS as [string, ...string[]], { error: `must be among ${ALLOWABLE_FLAGS.join(', ')}` }),
          ),
        ),
      ),
      z.transform((flags: string[]) => flags.map((f) => typeOfFlag(f)!)),
    ),
  ),
};

/** Parses the raw commander options added by addCsvOptions. */
export const ContactsCsvOptions = z.object(ContactsCsvShape);
export type ContactsCsvOptions = z.infer<typeof ContactsCsvOptions>;

/** Adds the CSV flags to a command; parse their values with ContactsCsvOptions (or ContactsCsvShape). */
export function addCsvOptions(cmd: Command): Command {
  return cmd
    .option(
      '--phone-column <names>',
      "CSV column(s) of the main number, in order of preference: the first non-empty one wins (default: phone_number, else the columns named like a phone: Mobile, Phone 1 - Value, Telefono, Handy, ...; '#3' names a column by position)",
    )
    .option(
      '--attempt-columns <names>',
      'CSV columns of alternative numbers for attempts 2, 3, ... (comma-separated), instead of contact_attempts.N.phone_number columns',
    )
    .option('--exclude <names>', 'CSV columns to leave out of the contacts (comma-separated)')
    .option(
      '--default-country <code>',
      'read numbers without + as national numbers of this country (ISO code, e.g. IT)',
    )
    .option('--delimiter <char>', 'CSV delimiter: , ; tab | or any character (default: detected from the header)')
    .option(
      '--encoding <name>',
      'encoding of files without a BOM: utf-8 (default), windows-1252 (also called latin1: Excel on Windows), windows-1250, iso-8859-15, or any single-byte encoding; UTF-8 and UTF-16 files with a BOM are read as such',
    )
    .option('--dedupe', 'keep the first of contacts with the same main number instead of failing')
    .option(
      '--without-plus <reading>',
      'digits written without + or 00 that read two ways (a national number, or an international one whose + a spreadsheet dropped) are an error; national or international says which reading applies',
    )
    .option(
      '--allow-types <types>',
      `number types to call anyway (comma-separated). Refused by default: ${REFUSED_FLAGS.join(', ')}; ${WARNED_FLAGS.join(', ')} is called with a warning`,
    );
}
