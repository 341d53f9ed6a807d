// Two clocks. Date.now() is the time of day: what is shown as a time, or compared with a date from elsewhere (an
// HTTP-date, a file's mtime). monotonicNow() only ever moves forward at the pace of real time, whatever happens to
// the time of day (an NTP step, a VM or laptop resuming, a user setting the clock): every deadline and elapsed
// time (--timeout, retry deadlines, spinners, idle stops) is measured on it.

/** Milliseconds on a monotonic clock (its zero is arbitrary: only differences mean anything). */
export function monotonicNow(): number {
  // process.hrtime, not performance.now(): the first use of `performance` loads perf_hooks (~3 ms).
  return Number(process.hrtime.bigint()) / 1e6;
}

/** The clocks a command reads and its waits, together: tests pin all three with one virtual clock. */
export interface Clock {
  /** The time of day (Date.now()): for what is shown as a time, or compared with a date. */
  now(): number;
  /** The monotonic clock (monotonicNow): every deadline and elapsed time is measured on it. */
  monotonic(): number;
  /** Waits `ms` (retry backoff, polling), or rejects with the signal's reason on Ctrl-C. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}
