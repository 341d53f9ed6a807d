// The form of the CSV voicectl writes for people. By default RFC 4180's fields in UTF-8 with a comma (scripts read
// it as it is). --excel writes what a spreadsheet opens by double-click: a byte-order mark (without one, Excel reads
// UTF-8 as the local code page: "PrÃ©nom"), CRLF, and the list separator of the user's locale. Excel splits a
// CSV at the list separator of Windows' regional settings, which is ";" wherever the decimal mark is a comma
// (French, German, Italian, Spanish...): a comma-separated file opens there as one column.
import { UsageError } from '../errors.js';
import { terminalSafe } from './safe.js';

export interface CsvDialect {
  separator: string;
  eol: string;
  bom: boolean;
}

/** The default: comma, LF (as voicectl has always written it), no BOM. */
export const PLAIN_CSV: CsvDialect = { separator: ',', eol: '\n', bom: false };

/** The environment variable that states --excel's separator, where the locale would guess wrong. */
const SEPARATOR_ENV = 'VOICECTL_CSV_SEPARATOR';

/**
 * The user's locale as a BCP 47 tag: LC_ALL, then LC_NUMERIC, then LANG (POSIX order for numbers; "fr_FR.UTF-8"
 * is fr-FR), else what Intl resolves. C and POSIX say nothing about a spreadsheet: Intl's then.
 */
export function numberLocale(env: Record<string, string | undefined>): string {
  for (const name of ['LC_ALL', 'LC_NUMERIC', 'LANG']) {
    const v = env[name];
    if (!v) continue;
    const tag = v.replace(/[.@].*$/, '').replace(/_/g, '-');
    if (tag === 'C' || tag === 'POSIX' || tag === '') continue;
    try {
      return Intl.getCanonicalLocales(tag)[0];
    } catch {
      // Not a locale a tag can name (a typo): the next variable, or Intl's.
    }
  }
  return Intl.NumberFormat().resolvedOptions().locale;
}

/** ";" where the locale's decimal mark is a comma (1,5), else ",". */
export function listSeparator(locale: string): ',' | ';' {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return decimal === ',' ? ';' : ',';
}

const NAMED: Record<string, string> = { tab: '\t', comma: ',', semicolon: ';' };

/**
 * The dialect of --excel: the separator stated in VOICECTL_CSV_SEPARATOR (";", ",", "tab", "|"), else the
 * locale's. A separator that cannot be one (a quote, a line break, more than one character) is refused.
 */
export function excelDialect(env: Record<string, string | undefined>): CsvDialect {
  const stated = env[SEPARATOR_ENV];
  if (stated !== undefined && stated !== '') {
    const sep = NAMED[stated.toLowerCase()] ?? stated;
    if ([...sep].length !== 1 || /["\r\n]/.test(sep))
      throw new UsageError(
        `${SEPARATOR_ENV} must be one character (such as ; or ,) or tab (got ${terminalSafe(JSON.stringify(stated))})`,
      );
    return { separator: sep, eol: '\r\n', bom: true };
  }
  return { separator: listSeparator(numberLocale(env)), eol: '\r\n', bom: true };
}
