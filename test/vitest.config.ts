import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { phonePatterns } from '../scripts/phone-patterns.mjs';
import SlowFirstSequencer from './setup/sequencer.js';

export default defineConfig({
  // libphonenumber-js with the cache of its patterns that the bundle has (scripts/phone-patterns.mjs): the tests
  // run the code users run. Inlined, so that vite loads it (and the plugin applies) instead of Node.
  plugins: [phonePatterns],
  test: {
    server: { deps: { inline: ['libphonenumber-js'] } },
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', 'node_modules/**'],
    globalSetup: ['test/setup/env.ts', 'test/setup/build.ts'],
    setupFiles: ['test/setup/fast-check.ts', 'test/setup/temp.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Four workers on two cores: V8's parallel GC threads only contend with the other workers. One GC thread per
    // worker: 47.8-48.0 s against 48.2-50.9 s, 1 s less CPU (alternating runs, idle machine, Node 20.20).
    execArgv: ['--single-threaded-gc'],
    // Most of the suite waits on sockets and child processes, not on the CPU. Vitest's default (cores - 1) runs one
    // file at a time on a 2-core machine: 219 s there, against 104 s with 4 workers (measured under the same load).
    // Not threads: a test changes directory (process.chdir is not allowed in a worker thread).
    maxWorkers: 4,
    // Each worker loads src/ and its dependencies once for all the files it runs, not once per file: the suite's
    // CPU time fell from 133 s to 93 s (user + sys, same load). Files leave no global state behind: fake timers and
    // process.chdir are restored in `finally`, and nothing changes process.env.
    isolate: false,
    // The long files start first, also on a fresh clone with no durations cached (./setup/sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
  },
});
