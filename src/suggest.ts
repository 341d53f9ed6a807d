// "Did you mean": one distance and one rule of closeness for every suggestion voicectl makes on values
// (profile names, enumerated flags, voices, time zones). Commands and options get commander's own.

/** Optimal string alignment distance (Damerau-Levenshtein without repeated edits): a swap of two letters is one edit. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The candidates nearest to `input`, ignoring case, best first (at most 3): one edit is always close enough,
 * and one more per 4 characters typed, so a short word is not "corrected" into an unrelated one.
 */
export function similar(input: string, candidates: readonly string[]): string[] {
  const x = input.trim().toLowerCase();
  const limit = Math.max(1, Math.floor(x.length / 4));
  return (
    candidates
      // Lengths further apart than the limit cannot be within it: skipped without the quadratic work (a pasted
      // 100,000-character value must not take seconds to refuse).
      .filter((c) => Math.abs(c.length - x.length) <= limit)
      .map((c) => [c, editDistance(x, c.toLowerCase())] as const)
      .filter(([, d]) => d <= limit)
      .sort((a, b) => a[1] - b[1])
      .slice(0, 3)
      .map(([c]) => c)
  );
}

/** "; did you mean X?" (or "X or Y"), or nothing when no candidate is near; appended to a rule. */
export function didYouMean(input: string, candidates: readonly string[]): string {
  const near = similar(input, candidates);
  return near.length ? `; did you mean ${near.join(' or ')}?` : '';
}
