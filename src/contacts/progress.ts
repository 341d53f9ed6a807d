// What a person at a terminal sees while a CSV of contacts is read (contacts convert, campaigns create --contacts):
// after a moment, a spinner on stderr (io/spinner.ts) with the rows read so far and the pass (the file is read twice: the
// columns' evidence, then the contacts). 200,000 rows take some 5 s. Nothing when not animating (a pipe, CI,
// NO_COLOR), and nothing for a file read before the spinner would appear, so that a small file does not flash one.
import type { Factory } from '../factory.js';
import { plural } from '../io/format.js';
import { terminalSafe } from '../io/safe.js';
import { type LiveSpinner, liveSpinner } from '../io/spinner.js';

/** A file read in less than this shows no spinner. */
export const SHOW_AFTER_MS = 300;
/** The count is drawn this often; the rows come far faster. */
const REDRAW_MS = 100;

export interface ReadingProgress {
  /** One more row read in `pass` (1 or 2). */
  onRow(pass: 1 | 2): void;
  /** Clears the spinner; call it before anything else is written to stderr. */
  stop(): void;
}

const NONE: ReadingProgress = { onRow() {}, stop() {} };

export function readingProgress(f: Factory, label: string): ReadingProgress {
  if (!f.io.canAnimate()) return NONE;
  let pass: 1 | 2 = 1;
  let rows = 0;
  let stopped = false;
  let spinner: LiveSpinner | undefined;
  let show: NodeJS.Timeout | undefined;
  // The file's name as typed or found: shown safe, never interpreted (src/io/safe.ts).
  const text = () => `Reading ${terminalSafe(label)}: ${plural(rows, 'row')} (pass ${pass} of 2)`;
  return {
    onRow(p) {
      // From the first row: contacts read as JSON, or a file that fails before its rows, never show one.
      if (show === undefined) {
        show = setTimeout(async () => {
          spinner = await liveSpinner(f.io.err, text, REDRAW_MS, () => !stopped);
        }, SHOW_AFTER_MS);
        show.unref();
      }
      if (p !== pass) {
        pass = p;
        rows = 0;
      }
      rows++;
    },
    stop() {
      stopped = true;
      clearTimeout(show);
      spinner?.stop();
    },
  };
}
