// Widths in terminal cells: src/io/width.ts measures a unit at a time for speed, and must agree with string-width
// (the exact, grapheme-segmenting measure) on what tables meet: ASCII, escapes, East Asian text, emoji with skin tones,
// ZWJ sequences, flags, combining marks, variation selectors. (Indic conjuncts joined by a virama without a ZWJ are
// the known exception: counted a cell wider, which only shifts an alignment.)
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { cutToWidth, displayWidth } from '../../src/io/width.js';

const pieces = fc.constantFrom(
  'a',
  'Z',
  ' ',
  '…',
  '\\x1b',
  '\\u202e',
  '東',
  '京',
  '한',
  'ｱ',
  'é',
  'e\u0301',
  '👍',
  '👍🏽',
  '👨‍👩‍👧',
  '🇮🇹',
  '✔',
  '✔\ufe0f',
  '\u200b',
  '🏳️‍🌈',
  'ß',
  'Ω',
  '½',
);
const text = fc.array(pieces, { maxLength: 20 }).map((a) => a.join(''));

describe('displayWidth', () => {
  it('agrees with string-width', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(displayWidth(s)).toBe(stringWidth(s));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('cutToWidth', () => {
  it('fits the width, ends with … when it cut, and keeps whole what it keeps', () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 20 }), fc.integer({ min: 1, max: 30 }), (parts, width) => {
        const s = parts.join('');
        const cut = cutToWidth(s, width);
        expect(stringWidth(cut)).toBeLessThanOrEqual(width);
        if (cut === s) return;
        expect(cut.endsWith('…')).toBe(true);
        // What is kept is a prefix made of whole pieces: no escape or cluster split.
        const kept = cut.slice(0, -1);
        let joined = '';
        for (const p of parts) {
          if (joined === kept) break;
          joined += p;
        }
        expect(joined).toBe(kept);
      }),
      { numRuns: 2000 },
    );
  });
});
