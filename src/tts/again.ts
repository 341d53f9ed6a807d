// The commands printed to resume a download: pasted, they reach the same service (f.commandLine.invocation(): --sandbox,
// --profile, --base-url) and write where the interrupted command would have written (--out, --force, --play).
import { InterruptedError, NotReadyError } from '../errors.js';
import type { Factory } from '../factory.js';
import { shellWord } from '../io/shell.js';

export interface DownloadFlags {
  out?: string;
  force?: boolean;
  play?: boolean;
  /** Wait for the generation first (`tts download --wait`). */
  wait?: boolean;
}

/** `voicectl [service flags] tts download <id> [--wait] [--out <file>] [--force] [--play]`, shell-quoted. */
export function downloadCommand(f: Factory, id: string, flags: DownloadFlags): string {
  const words = ['tts', 'download', shellWord(id)];
  if (flags.wait) words.push('--wait');
  if (flags.out !== undefined) words.push('--out', shellWord(flags.out));
  if (flags.force) words.push('--force');
  if (flags.play) words.push('--play');
  return `${f.commandLine.invocation()} ${words.join(' ')}`;
}

/**
 * The hints of a download's error keep the flags given: stopped by Ctrl-C (or a signal), how to download again;
 * not ready yet, how to wait for it and download in one go.
 */
export function withDownloadHints(f: Factory, err: unknown, id: string, flags: DownloadFlags): unknown {
  if (f.signal.aborted) {
    const stopped =
      err instanceof InterruptedError ? err : new InterruptedError(`download of ${id} stopped; nothing was kept`);
    stopped.hints = [`Download again with: ${downloadCommand(f, id, flags)}`];
    return stopped;
  }
  if (err instanceof NotReadyError)
    err.hints = [`Wait for it and download in one go: ${downloadCommand(f, id, { ...flags, wait: true })}`];
  return err;
}
