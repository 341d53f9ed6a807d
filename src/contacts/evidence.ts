// A column's evidence on how its bare digits were written. A cell whose digits read as one valid number only, where
// another hypothesis applied and gave none, is a vote for the hypothesis that read it (a US number that is no
// valid international number is a vote for "national as written"). An ambiguous cell of the column is read by
// the hypothesis its column votes for, when the vote is clear; otherwise it is a row error naming every reading.
// Pure: the readings come from phone.ts.
import { UsageError } from '../errors.js';
import { plural } from '../io/format.js';
import type { ColumnReport, Decided } from './report.js';
import { type CellReading, type How, HOWS, listReadings, type Reading, wayOut, withoutPlusFilter } from './phone.js';

/** A clear vote: at least this many cells read one way only ... */
const MIN_EVIDENCE = 5;
/**
 * ... and at least this share of the cells that decide between the two hypotheses read the same way: a national
 * list keeps a few typos that read only as international numbers, and still decides its ambiguous numbers.
 */
const MIN_SHARE = 0.95;
/**
 * A lost 0 against a number as written (Italy: 332 512345 is a mobile, or 0332 512345 without its 0) is decided
 * only by a column without a single vote the other way: lists mix mobiles and landlines, and a column that holds
 * both cannot say which one an ambiguous cell is.
 */
const ZERO_SHARE = 1;

/** `votes` for a reading against `against` for the other: enough of them, and at least `share` of the two. */
const clearVote = (votes: number, against: number, share = MIN_SHARE) =>
  votes >= MIN_EVIDENCE && votes >= share * (votes + against);

/** How many row numbers a note lists. */
const ROWS_SHOWN = 10;

const ONLY: Record<How, string> = {
  written: 'only as national numbers',
  'plus-lost': 'as international numbers whose + was dropped',
  'zero-lost': 'only with a leading 0 put back',
  border: "only as a neighbouring country's numbers",
  'mobile-9': 'only as Argentine mobiles without their 9',
};

const index = (h: How) => HOWS.indexOf(h);

export class ColumnEvidence {
  /** votes[a][b]: cells read validly under hypothesis a and not under b, where b applied. */
  private readonly votes = HOWS.map(() => HOWS.map(() => 0));
  /**
   * Cells read one way, as written, by number type: the votes for "as written" against a lost 0. A mobile never
   * had a 0 to lose, so it votes for the mobile reading of an ambiguous cell, not against every lost 0.
   */
  private readonly writtenTypes = new Map<string, number>();
  /** Ambiguous cells between a national reading and a lost + (the ones --without-plus decides). */
  private plusAmbiguous = 0;
  private readonly decided = new Map<string, Decided>();
  private legacy?: { count: number; rows: number[]; prefixes: Set<string> };
  private unresolved = 0;

  constructor(readonly column: string) {}

  /** Pass 1: one cell of the column. */
  record(cell: CellReading): void {
    if (!cell.ok || cell.weak) return;
    if (cell.readings.length > 1) {
      const hows = new Set(cell.readings.flatMap((r) => r.hows));
      if (hows.has('plus-lost') && hows.has('written')) {
        this.plusAmbiguous++;
        // Digits that begin with the code of the row's own country ("4917..." in a German file) are that country's
        // number with its + dropped, or a national number that happens to start like it (an area code 0491x
        // without its 0): a vote for the lost +, which a column of national numbers outvotes.
        const plus = cell.readings.find((r) => r.hows.includes('plus-lost'));
        if (plus && plus.country === cell.country) this.votes[index('plus-lost')][index('written')]++;
      }
      return;
    }
    const r = cell.readings[0];
    for (const a of r.hows) for (const b of cell.applicable) if (!r.hows.includes(b)) this.votes[index(a)][index(b)]++;
    // Digits that begin with their own country code ("4915123456781" in a German file) are the whole international
    // number, which a national reading only matches by dropping that code: a vote for a lost +. Not in the +1 plan,
    // whose trunk prefix is its country code: 1 201 555 0123 is a national way of writing it.
    if (r.hows.includes('plus-lost') && r.hows.includes('written') && !r.e164.startsWith('+1'))
      this.votes[index('plus-lost')][index('written')]++;
    // A national number typed as text, or with its leading 0, shows the column holds national numbers: a vote
    // against reading its bare digits as international ones whose + was lost.
    if (cell.country && cell.applicable.length === 1 && r.hows[0] === 'written')
      this.votes[index('written')][index('plus-lost')]++;
    if (r.hows.includes('written')) this.writtenTypes.set(r.type, (this.writtenTypes.get(r.type) ?? 0) + 1);
  }

  private vote(a: How, b: How): number {
    return this.votes[index(a)][index(b)];
  }

  /** The column's votes for reading `x` under `a` rather than under `b`. */
  private support(a: How, b: How, x: Reading): number {
    return a === 'written' && b === 'zero-lost' ? (this.writtenTypes.get(x.type) ?? 0) : this.vote(a, b);
  }

  /** The column's vote for reading `x` under `a` over reading `y` under `b` is clear. */
  private clear(a: How, x: Reading, b: How, y: Reading): boolean {
    const va = this.support(a, b, x);
    const share = a === 'zero-lost' || b === 'zero-lost' ? ZERO_SHARE : MIN_SHARE;
    return clearVote(va, this.support(b, a, y), share);
  }

  /**
   * After pass 1: --without-plus against a column whose vote is clearly the other way would turn its ambiguous
   * numbers into other people's numbers. Refused, with the vote.
   */
  checkOption(mode: 'national' | 'international' | undefined): void {
    if (!mode || this.plusAmbiguous === 0) return;
    const [chosen, other]: How[] = mode === 'national' ? ['written', 'plus-lost'] : ['plus-lost', 'written'];
    if (!clearVote(this.vote(other, chosen), this.vote(chosen, other))) return;
    throw new UsageError(
      `--without-plus ${mode}: column "${this.column}" says otherwise: ${plural(this.vote(other, chosen), 'number')} in it read ${ONLY[other]}, ${this.vote(chosen, other)} ${ONLY[chosen]}`,
      {
        hints: [
          `Leave out --without-plus: the column's own numbers decide its ${plural(this.plusAmbiguous, 'ambiguous number')}. Nothing was written or sent.`,
        ],
      },
    );
  }

  /** Pass 2: the reading of an ambiguous cell, or the row error's reason. */
  decide(
    cell: Extract<CellReading, { ok: true }>,
    row: number,
    mode?: 'national' | 'international',
  ): { reading: Reading } | { reason: string; fix?: string } {
    if (cell.weak) {
      // The column's landlines lost their 0 (votes), and hardly any kept it: a short one did too.
      const z = this.vote('zero-lost', 'written');
      const kept = this.writtenTypes.get('FIXED_LINE') ?? 0;
      if (!clearVote(z, kept)) return { reason: cell.weak };
      this.note('zero-lost', ['written'], 'column', row, cell.country, cell.readings[0]);
      return { reading: cell.readings[0] };
    }
    let readings = cell.readings;
    let by: Decided['by'] = 'column';
    if (mode) {
      const kept = withoutPlusFilter(cell, mode);
      if (typeof kept === 'string') return { reason: kept };
      if (kept.length < readings.length) by = '--without-plus';
      readings = kept;
    }
    const mobile = this.argentineMobile(readings, row, cell.country);
    if (mobile) return mobile;
    const winner = readings.length === 1 ? { reading: readings[0], as: readings[0].hows[0] } : this.winner(readings);
    if (winner && cell.readings.length === 1) return { reading: winner.reading };
    if (winner) {
      const losers = cell.readings.filter((r) => r !== winner.reading).flatMap((r) => r.hows);
      this.note(winner.as, losers, by, row, cell.country, winner.reading);
      return { reading: winner.reading };
    }
    this.unresolved++;
    const lean = this.lean(readings);
    return {
      reason: `reads ${readings.length} ways: ${listReadings(readings, cell.country)}; ${this.why(readings)}; ${wayOut(readings, lean)}`,
      ...(lean ? { fix: `--without-plus ${lean}` } : {}),
    };
  }

  /**
   * A landline as written, or a mobile written without its 9, in a column named for mobiles. Where none of the
   * column's numbers is a mobile written with its 9 (or 15), the column writes its mobiles without it, and the cell
   * is the mobile. Where some are, a number without it is a landline as likely as a mobile written another way: a row
   * error naming both.
   */
  private argentineMobile(
    readings: Reading[],
    row: number,
    country?: string,
  ): { reading: Reading } | { reason: string } | undefined {
    const mobile = readings.find((r) => r.hows.includes('mobile-9'));
    if (!mobile || readings.length !== 2) return undefined;
    const withNine = this.writtenTypes.get('MOBILE') ?? 0;
    if (withNine === 0) {
      this.note('mobile-9', ['written'], 'column', row, country, mobile);
      return { reading: mobile };
    }
    this.unresolved++;
    return {
      reason: `reads 2 ways: ${listReadings(readings, country)}; the column is named for mobiles, and ${withNine} of its numbers ${withNine === 1 ? 'is a mobile' : 'are mobiles'} written with the 9 or 15, so this may be a landline: write it with +54 (and 9 for a mobile)`,
    };
  }

  /** The reading one of whose hypotheses has the column's clear vote over every hypothesis of every other. */
  private winner(readings: Reading[]): { reading: Reading; as: How } | undefined {
    for (const x of readings)
      for (const a of x.hows)
        if (readings.every((y) => y === x || y.hows.every((b) => b !== a && this.clear(a, x, b, y))))
          return { reading: x, as: a };
    return undefined;
  }

  /** What the column says about the hypotheses of an ambiguous cell, for its row error. */
  private why(readings: Reading[]): string {
    const hows = readings.map((r) => r.hows[0]);
    const votes = readings.map((x, i) =>
      Math.min(...readings.filter((y) => y !== x).map((y) => this.support(hows[i], y.hows[0], x))),
    );
    if (votes.every((v) => v === 0))
      return 'the column does not say which: none of its other numbers reads only one of these ways';
    const counts = hows.map((h, i) => `${votes[i]} ${i ? '' : 'read '}${ONLY[h]}`);
    return `the column does not say which: of its other numbers, ${counts.join(' and ')} (it takes ${MIN_EVIDENCE}, ${MIN_SHARE * 100}% of them one way)`;
  }

  /** The --without-plus the column leans to (never one it leans against), or undefined on a tie. */
  private lean(readings: Reading[]): 'national' | 'international' | undefined {
    const hows = new Set(readings.flatMap((r) => r.hows));
    if (!hows.has('plus-lost') || !hows.has('written')) return undefined;
    const n = this.vote('written', 'plus-lost');
    const p = this.vote('plus-lost', 'written');
    return n > p ? 'national' : p > n ? 'international' : undefined;
  }

  /** Pass 2: a cell whose one valid reading puts back what a spreadsheet dropped. */
  noteOnly(as: How, row: number, country?: string): void {
    this.note(as, [], 'only', row, country);
  }

  private note(as: How, over: How[], by: Decided['by'], row: number, country?: string, reading?: Reading): void {
    const key = `${as}>${over.join(',')}>${by}`;
    let d = this.decided.get(key);
    if (!d) {
      const evidence = over.length && reading ? Math.min(...over.map((o) => this.support(as, o, reading))) : 0;
      d = { as, over, by, count: 0, evidence, rows: [], country };
      this.decided.set(key, d);
    }
    d.count++;
    if (d.rows.length < ROWS_SHOWN) d.rows.push(row);
  }

  /** Pass 2: a number read without a retired prefix. */
  noteLegacy(prefix: string, row: number): void {
    this.legacy ??= { count: 0, rows: [], prefixes: new Set() };
    this.legacy.count++;
    this.legacy.prefixes.add(prefix);
    if (this.legacy.rows.length < ROWS_SHOWN) this.legacy.rows.push(row);
  }

  report(): ColumnReport | undefined {
    if (!this.decided.size && !this.legacy && !this.unresolved) return undefined;
    return {
      column: this.column,
      decided: [...this.decided.values()],
      ...(this.legacy ? { legacy: { ...this.legacy, prefixes: [...this.legacy.prefixes] } } : {}),
      unresolved: this.unresolved,
    };
  }
}
