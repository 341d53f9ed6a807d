// Types for the cli-table3 module that src/io/cli-table3.ts imports directly: the width function the package lays
// cells out by (cli-table3 publishes no exports map; this is the file its cells and padding call).
declare module 'cli-table3/src/utils.js' {
  const utils: {
    /** Width of the widest line of `text`, SGR sequences left out, as cli-table3 pads and cuts by it. */
    strlen(text: string): number;
  };
  export default utils;
}
