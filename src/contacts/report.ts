// The wording of what a column's evidence decided (evidence.ts): the notes on stderr, one per decision. Light: no
// libraries, so the commands can print a summary without loading the phone library.
import { plural } from '../io/format.js';
import type { How } from './phone.js';

export interface Decided {
  /** The hypothesis the column voted for, and the one it beat (or the option that decided). */
  as: How;
  over: How[];
  /** The column's vote, the option, or the only valid reading of the cell (a lost + or 0, nothing else). */
  by: 'column' | '--without-plus' | 'only';
  count: number;
  /** Cells of the column that read only the winning way (the vote). */
  evidence: number;
  rows: number[];
  country?: string;
}

/** What the column's evidence did, for the notes on stderr and the JSON summary. */
export interface ColumnReport {
  column: string;
  decided: Decided[];
  /** Numbers read without a retired prefix (Mexico's 044, 045, 01, +52 1). */
  legacy?: { count: number; rows: number[]; prefixes: string[] };
  /** Ambiguous cells no evidence decided: row errors. */
  unresolved: number;
}

const AS: Record<How, (one: boolean, country?: string) => string> = {
  border: (one) =>
    `as ${one ? 'a Northern Ireland number' : 'Northern Ireland numbers'} written as Ireland dials ${one ? 'it' : 'them'} (048 for +44 28)`,
  'mobile-9': (one) =>
    `as ${one ? 'an Argentine mobile' : 'Argentine mobiles'} written without the 9 (the column holds mobiles)`,
  written: (one, c) => `as ${one ? 'a national number' : 'national numbers'}${c ? ` of ${c}` : ''}`,
  'plus-lost': (one) => `as ${one ? 'an international number' : 'international numbers'} whose + a spreadsheet dropped`,
  'zero-lost': (one, c) =>
    `as ${one ? 'a national number' : 'national numbers'}${c ? ` of ${c}` : ''} whose leading 0 a spreadsheet dropped`,
};
const ALSO: Record<How, string> = {
  border: "a neighbouring country's numbers",
  'mobile-9': 'Argentine mobiles',
  written: 'national numbers as written',
  'plus-lost': 'international',
  'zero-lost': 'numbers whose leading 0 was dropped',
};
const rowList = (rows: number[], count: number) =>
  `row${count === 1 ? '' : 's'} ${rows.join(', ')}${count > rows.length ? ', ...' : ''}`;

/** The notes of a column's report, one line each, for stderr. */
export function reportLines(r: ColumnReport): string[] {
  const lines: string[] = [];
  for (const d of r.decided) {
    const one = d.count === 1;
    const what = `${plural(d.count, 'number')} without + read ${AS[d.as](one, d.country)}`;
    const they = one ? 'it' : 'they';
    const also = [...new Set(d.over)].map((o) => ALSO[o]).join(' or ');
    lines.push(
      d.by === 'column'
        ? `note: ${r.column}: ${what}, as ${plural(d.evidence, 'other')} in this column ${d.evidence === 1 ? 'is' : 'are'} (${they} could also be ${also}: ${rowList(d.rows, d.count)})`
        : d.by === 'only'
          ? `note: ${r.column}: ${what}, the only way ${d.count === 1 ? 'it reads' : 'they read'}: ${rowList(d.rows, d.count)}`
          : `note: ${r.column}: ${what}, by --without-plus (${they} could also be ${also}: ${rowList(d.rows, d.count)})`,
    );
  }
  if (r.legacy)
    lines.push(
      `note: ${r.column}: ${plural(r.legacy.count, 'number')} written with a retired prefix (${r.legacy.prefixes.join(', ')}) read without it: ${rowList(r.legacy.rows, r.legacy.count)}`,
    );
  return lines;
}

/** A country's name in English, for messages ("United Kingdom" for GB). */
export function countryName(code: string): string {
  return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
}

/** Where each row's country came from, once per file. */
export function countriesNote(c: { columns: string[]; by: 'name' | 'values' | '--country-column' }): string {
  const names = c.columns.map((n) => `"${n}"`).join(', ');
  const one = c.columns.length === 1;
  const found =
    c.by === '--country-column'
      ? 'named by --country-column'
      : `found by ${one ? 'its' : 'their'} ${c.by === 'name' ? 'name' : 'values'}`;
  return `note: numbers without + read in the country of their row, from the ${one ? 'column' : 'columns'} ${names} (${found}); choose with --country-column, or --country-column none`;
}

/** The facts of a conversion, for scripts: `contacts convert --json` writes them to stderr as one JSON object. */
export function summaryJson(s: {
  rows: number;
  contacts: number;
  duplicates: number;
  errors: { rows: number; count: number; lines(): string[] };
  warnings: { lines(): string[] };
  notes: string[];
  columns: ColumnReport[];
  footer?: { first: number; last: number; count: number };
  countries?: { columns: string[]; by: string };
}): Record<string, unknown> {
  return {
    rows: s.rows,
    contacts: s.contacts,
    invalidRows: s.errors.rows,
    errors: s.errors.lines(),
    droppedDuplicates: s.duplicates,
    warnings: s.warnings.lines(),
    notes: s.notes,
    columns: s.columns,
    ...(s.countries ? { countries: s.countries } : {}),
    ...(s.footer ? { footer: s.footer } : {}),
  };
}
