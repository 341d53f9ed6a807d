// What every reliability test checks on a failed run: one readable error, never a crash or a stack trace.
import { expect } from 'vitest';
import type { CliResult } from '../helpers/cli.js';

/** No stack frame, no "unexpected failure" (the message of an error voicectl did not foresee). */
export function expectNoCrash(r: CliResult): void {
  expect(r.stderr, r.stderr).not.toMatch(/^\s+at /m);
  expect(r.stderr, r.stderr).not.toMatch(/unexpected failure|This is a bug|Fatal error|TypeError|ReferenceError/);
  expect(r.stdout, r.stdout).not.toMatch(/^\s+at /m);
}

/** A clean failure: the exit code, one `error:` line first, no crash. */
export function expectFailure(r: CliResult, code: number): void {
  expect(r.code, `exit code; stderr:\n${r.stderr}`).toBe(code);
  expect(r.stderr).toMatch(/^(error|interrupted)\b/m);
  expectNoCrash(r);
}

/** Polls until `check` holds (a request arrived, a file appeared), or fails after `ms`. */
export async function until(check: () => boolean, ms = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
