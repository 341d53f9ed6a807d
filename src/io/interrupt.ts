// Ctrl-C aborts the run's signal; these turn that abort into the typed error (exit 130).
import { CliError, InterruptedError } from '../errors.js';

/** Turns an abort from Ctrl-C into the typed error, and leaves every other error as it is. */
export function asInterrupt(err: unknown, signal: AbortSignal): unknown {
  if (signal.aborted && !(err instanceof CliError)) return new InterruptedError('interrupted');
  return err;
}

/** Throws InterruptedError if Ctrl-C was pressed. */
export function checkInterrupted(signal: AbortSignal): void {
  if (signal.aborted) throw new InterruptedError('interrupted');
}
