// The spinner a terminal shows while a CSV of contacts is read (src/contacts/progress.ts): from the first row and
// after SHOW_AFTER_MS, with the rows read and the pass; never for JSON, a fast file, or where nothing animates.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { convertCsv } from '../../src/contacts/csv.js';
import { readingProgress, SHOW_AFTER_MS } from '../../src/contacts/progress.js';
import { createFactory } from '../../src/factory.js';
import type { GlobalOptions } from '../../src/globals.js';
import { testStreams } from '../../src/io/streams.js';

function terminal(opts: { tty: boolean; color: boolean }) {
  const io = testStreams(opts);
  const f = createFactory({ io, env: {}, signal: new AbortController().signal, globals: () => ({}) as GlobalOptions });
  return { io, f };
}

// ora draws a frame every 80 ms: the clock is advanced, not waited for. Restored after each test: the worker runs
// other files after this one (isolate: false).
afterEach(() => vi.useRealTimers());
const fakeTimers = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

describe('readingProgress', () => {
  it('from the first row and after the delay: the rows read and the pass, the file name drawn safe; stop clears it', async () => {
    const { io, f } = terminal({ tty: true, color: true });
    fakeTimers();
    const p = readingProgress(f, 'leads\u001b[2J.csv');
    vi.advanceTimersByTime(SHOW_AFTER_MS * 3);
    expect(io.stderr()).toBe(''); // no row yet: nothing armed
    for (let i = 0; i < 1234; i++) p.onRow(1);
    vi.advanceTimersByTime(SHOW_AFTER_MS - 1);
    expect(io.stderr()).toBe('');
    await vi.waitFor(() => expect(io.stderr()).toContain('Reading leads\\x1b[2J.csv: 1,234 rows (pass 1 of 2)'));
    for (let i = 0; i < 7; i++) p.onRow(2);
    await vi.waitFor(() => expect(io.stderr()).toContain('Reading leads\\x1b[2J.csv: 7 rows (pass 2 of 2)'));
    p.stop();
    const drawn = io.stderr();
    expect(drawn).not.toContain('\u001b[2J');
    // Stopped: the line is cleared, and nothing more is drawn.
    vi.advanceTimersByTime(1000);
    expect(io.stderr()).toBe(drawn);
  });

  it('a file read before the delay shows nothing', async () => {
    const { io, f } = terminal({ tty: true, color: true });
    fakeTimers();
    const p = readingProgress(f, 'small.csv');
    for (let i = 0; i < 3; i++) p.onRow(1);
    for (let i = 0; i < 3; i++) p.onRow(2);
    vi.advanceTimersByTime(SHOW_AFTER_MS - 1);
    p.stop();
    vi.advanceTimersByTime(SHOW_AFTER_MS * 3);
    // Were the timer still armed, its spinner would be drawn once ora is loaded: let that happen first.
    await import('ora');
    await new Promise((r) => setImmediate(r));
    expect(io.stderr()).toBe('');
  });

  it('nothing where nothing animates (not a terminal, or no color)', () => {
    for (const opts of [
      { tty: false, color: false },
      { tty: true, color: false },
    ]) {
      const { io, f } = terminal(opts);
      fakeTimers();
      const p = readingProgress(f, 'leads.csv');
      for (let i = 0; i < 10; i++) p.onRow(1);
      vi.advanceTimersByTime(SHOW_AFTER_MS * 3);
      p.stop();
      expect(io.stderr()).toBe('');
      vi.useRealTimers();
    }
  });
});

describe('convertCsv counts every row of each pass', () => {
  it('the data rows, blank ones included, once in pass 1 and once in pass 2', async () => {
    const seen = { 1: 0, 2: 0 };
    const csv = 'phone_number,name\n+393331234567,A\n\n+393331234568,B\nnot a number,C\n';
    const progress = { onRow: (pass: 1 | 2) => void seen[pass]++, stop: () => {} };
    const summary = await convertCsv(
      [Buffer.from(csv)],
      { progress },
      {
        contact: () => {},
        reject: () => {},
      },
    );
    expect(summary.rows).toBe(4);
    expect(seen).toEqual({ 1: 4, 2: 4 });
  });
});
