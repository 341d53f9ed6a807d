// What voicectl uses of cli-table3 beyond its public API, in one place, with a test
// (test/io/cli-table3-adapter.test.ts) that fails when a cli-table3 release changes it.
import tableUtils from 'cli-table3/src/utils.js';

/** The cli-table3 releases this was written for: the test fails when package.json or node_modules leaves them. */
export const CLI_TABLE3_VERSIONS = '>=0.6.5 <0.7.0';

/**
 * The width cli-table3 gives `text` when it pads and cuts a cell: that of its widest line, SGR sequences left out,
 * measured by the string-width it bundles (4), which terminals disagree with on some characters (./table.ts). The
 * package publishes no exports map; this is the function its cells and padding call (src/utils.js).
 */
export function tableWidth(text: string): number {
  return tableUtils.strlen(text);
}
