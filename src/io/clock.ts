// Two clocks. Date.now() is the time of day: what is shown as a time, or compared with a date from elsewhere (an
// HTTP-date, a file's mtime). monotonicNow() only ever moves forward at the pace of real time, whatever happens to
// the time of day (an NTP step, a VM or laptop resuming, a user setting the clock): every deadline and elapsed
// time (--timeout, retry deadlines, spinners, idle stops) is measured on it.

/** Milliseconds on a monotonic clock (its zero is arbitrary: only differences mean anything). */
export function monotonicNow(): number {
  // process.hrtime, not performance.now(): the first use of `performance` loads perf_hooks (~3 ms).
  return Number(process.hrtime.bigint()) / 1e6;
}
