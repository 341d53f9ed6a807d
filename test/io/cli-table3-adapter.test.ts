// The one thing voicectl reads of cli-table3 beyond its public API (src/io/cli-table3.ts): the width it lays cells
// out by. A release that moves or changes it, or that leaves the versions the adapter was written for, fails here,
// not as columns that drift on a terminal.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Table from 'cli-table3';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { CLI_TABLE3_VERSIONS, tableWidth } from '../../src/io/cli-table3.js';
import { renderTable } from '../../src/io/table.js';
import { displayWidth } from '../../src/io/width.js';
import { ROOT } from '../helpers/cli.js';

const require = createRequire(import.meta.url);
/**
 * Text cli-table3 measures otherwise than a terminal: a newer emoji (two cells there), an emoji ZWJ sequence newer than
 * its emoji list and combining vowel signs of Devanagari (narrower there).
 */
const DISAGREE = ['🫠 melt', '🧑‍🦰 ok', 'किताबें'];
/** Text both measure alike: CJK and an emoji ZWJ family are two cells a character. */
const ALIKE = ['東京の会議', '👨‍👩‍👧 family', 'plain'];

/** A table of one row, no borders, no padding, the first column `width` wide: its one line. */
function layOut(text: string, width: number): string {
  const chars = Object.fromEntries(
    ['top', 'top-mid', 'top-left', 'top-right', 'bottom', 'bottom-mid', 'bottom-left', 'bottom-right', 'left']
      .concat(['left-mid', 'mid', 'mid-mid', 'right', 'right-mid', 'middle'])
      .map((k) => [k, '']),
  );
  const table = new Table({
    chars,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    colWidths: [width, 1],
  });
  table.push([text, 'X']);
  return table.toString();
}

describe('cli-table3 internals, behind an adapter', () => {
  it('the installed cli-table3 and the range in package.json are within the versions the adapter was written for', () => {
    const installed = JSON.parse(readFileSync(require.resolve('cli-table3/package.json'), 'utf8')).version;
    expect(semver.satisfies(installed, CLI_TABLE3_VERSIONS), `cli-table3 ${installed}`).toBe(true);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const range = pkg.dependencies?.['cli-table3'] ?? pkg.devDependencies?.['cli-table3'];
    expect(semver.subset(range, CLI_TABLE3_VERSIONS), `package.json's "${range}"`).toBe(true);
  });

  it('the internal module is where the adapter reads it', () => {
    // resolve() throws for a file the package no longer has.
    expect(require.resolve('cli-table3/src/utils.js')).toMatch(/[\\/]cli-table3[\\/]src[\\/]utils\.js$/);
  });

  it("tableWidth is the width cli-table3 pads a cell by, also where a terminal's differs", () => {
    for (const text of [...DISAGREE, ...ALIKE]) {
      const line = layOut(text, 20);
      // The cell's text, then spaces to 20 as cli-table3 counts, then the next column.
      expect(line.indexOf('X'), text).toBe(text.length + 20 - tableWidth(text));
    }
    // The cases that give the check its teeth: the two measures differ on them.
    for (const text of DISAGREE) expect(tableWidth(text), text).not.toBe(displayWidth(text));
    for (const text of ALIKE) expect(tableWidth(text), text).toBe(displayWidth(text));
  });

  it("a table lays out at the terminal's width: the column after a cell it measures otherwise starts at one cell", () => {
    const rows = [['NAME', 'STATUS'], ...[...DISAGREE, ...ALIKE].map((n) => [n, 'DRAFT'])];
    const lines = renderTable(rows).split('\n').filter(Boolean);
    expect(lines).toHaveLength(rows.length);
    const start = (line: string, word: string) => displayWidth(line.slice(0, line.indexOf(word)));
    const status = start(lines[0], 'STATUS');
    // The widest name in terminal cells, then the 2-cell gap.
    expect(status).toBe(Math.max(...[...DISAGREE, ...ALIKE].map(displayWidth)) + 2);
    for (const l of lines.slice(1)) expect(start(l, 'DRAFT'), l).toBe(status);
  });
});
