// Property: random strings full of controls, escape sequences and bidi characters, through every table and record
// printer (plain, cut, filled and dropped columns; records; -q; JSON and CSV on a terminal), never reach the terminal
// raw, and every line of a table fits the terminal in cells.
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { type Column, type OutputOptions, printList, printRecord } from '../../src/io/output.js';
import { testStreams } from '../../src/io/streams.js';
import { binaryString } from '../reliability/arbitraries.js';

const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const hostileChar = fc.oneof(
  fc.constantFrom('\x1b', '\x07', '\r', '\n', '\t', '\x7f', '\x9b', '\x9d', '\u202e', '\u2066', '\u2069', '\u200f'),
  fc.constantFrom('\x1b]52;c;', '\x1b[2J', '\x1b]8;;http://x\x1b\\', '\x1b[31m', '\\', 'x1b'),
  fc.constantFrom('東', '👍🏽', 'é', 'e\u0301', 'a', ' ', '…'),
  binaryString(2),
);
const hostile = fc.array(hostileChar, { maxLength: 30 }).map((a) => a.join(''));
const record = fc.record({ id: hostile, status: hostile, name: hostile, body: hostile, note: hostile });

// Every column is cut (width), dropped (drop) or fills what is left, so that the table can fit 30 cells.
const columns: Column[] = [
  { key: 'id', header: 'ID', width: 10 },
  { key: 'status', header: 'STATUS', width: 8 },
  { key: 'name', header: 'NAME', drop: 1 },
  { key: 'note', header: 'NOTE', drop: 2, width: 12 },
  { key: 'body', header: 'BODY', fill: 6 },
];

const onTerminal = (format: OutputOptions['format'], quiet = false): OutputOptions => ({ format, quiet, tty: true });

describe('property: nothing from outside reaches a terminal raw', () => {
  it('tables at any width: inert, and every line fits in terminal cells', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 30, max: 140 }),
        async (rows, width) => {
          const io = testStreams({ tty: true, columns: width });
          await printList(io, onTerminal('table'), rows, { columns });
          const out = io.stdout();
          expect(out).not.toMatch(RAW);
          for (const line of out.trimEnd().split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(width);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('records, -q, JSON, ndjson and CSV on a terminal: inert', async () => {
    await fc.assert(
      fc.asyncProperty(record, async (r) => {
        for (const out of [
          onTerminal('table'),
          onTerminal('table', true),
          onTerminal('json'),
          onTerminal('ndjson'),
          onTerminal('csv'),
        ]) {
          const io = testStreams({ tty: true });
          await printRecord(io, out, r, [
            { key: 'id', label: 'ID' },
            { key: 'name', label: 'Name', width: 20 },
            { key: 'body', label: 'Body' },
            { key: 'note', label: 'Note', human: (x) => `${x.note} (${x.status})` },
          ]);
          await printList(io, out, [r], { columns });
          const text = io.stdout();
          expect(text).not.toMatch(RAW);
          if (out.format === 'json' || out.format === 'ndjson') {
            // Still the same data: the escapes are JSON's.
            const first = JSON.parse(
              text.slice(0, text.indexOf(out.format === 'json' ? '\n}\n' : '\n') + (out.format === 'json' ? 2 : 0)),
            );
            expect(first).toEqual(r);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
