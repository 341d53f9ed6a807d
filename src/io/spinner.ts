// An ora spinner on stderr whose text a function gives, drawn again every `everyMs` and at once on redraw(): what
// the waits (tts/progress.ts) and the CSV reader (contacts/progress.ts) show on a terminal. ora loads here, when a
// spinner starts; the callers decide whether one may (IOStreams.canAnimate) and make the text safe.
import type { Writable } from 'node:stream';

export interface LiveSpinner {
  redraw(): void;
  /** Clears the line: call it before anything else is written to the stream. */
  stop(): void;
}

const NONE: LiveSpinner = { redraw() {}, stop() {} };

/** `wanted`: asked once ora is loaded; a spinner no longer wanted by then is never drawn. */
export async function liveSpinner(
  stream: Writable,
  text: () => string,
  everyMs: number,
  wanted: () => boolean = () => true,
): Promise<LiveSpinner> {
  const { default: ora } = await import('ora');
  if (!wanted()) return NONE;
  const spinner = ora({ stream, isEnabled: true, discardStdin: false, text: text() }).start();
  const redraw = () => {
    spinner.text = text();
  };
  const tick = setInterval(redraw, everyMs);
  tick.unref();
  return {
    redraw,
    stop() {
      clearInterval(tick);
      spinner.stop();
    },
  };
}
