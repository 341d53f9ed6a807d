// What a person at a terminal sees while a CSV of contacts is read (contacts convert, campaigns create --contacts):
// after a moment, an ora spinner on stderr with the rows read so far and the pass (the file is read twice: the
// columns' evidence, then the contacts). 200,000 rows take some 5 s. Nothing when not animating (a pipe, CI,
// NO_COLOR), and nothing for a file read before the spinner would appear, so that a small file does not flash one.
import type { Factory } from '../factory.js';
import { plural } from '../io/format.js';
import { terminalSafe } from '../io/safe.js';

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
  let stopSpinner: (() => void) | undefined;
  // The file's name as typed or found: shown safe, never interpreted (src/io/safe.ts).
  let show: NodeJS.Timeout | undefined;
  const text = () => `Reading ${terminalSafe(label)}: ${plural(rows, 'row')} (pass ${pass} of 2)`;
  // From the first row: contacts read as JSON, or a file that fails before its rows, never show one.
  const arm = () => {
    show = setTimeout(async () => {
      const { default: ora } = await import('ora');
      if (stopped) return;
      const spinner = ora({ stream: f.io.err, isEnabled: true, discardStdin: false, text: text() }).start();
      const redraw = setInterval(() => {
        spinner.text = text();
      }, REDRAW_MS);
      redraw.unref();
      stopSpinner = () => {
        clearInterval(redraw);
        spinner.stop();
      };
    }, SHOW_AFTER_MS);
    show.unref();
  };
  return {
    onRow(p) {
      if (show === undefined) arm();
      if (p !== pass) {
        pass = p;
        rows = 0;
      }
      rows++;
    },
    stop() {
      stopped = true;
      clearTimeout(show);
      stopSpinner?.();
    },
  };
}
