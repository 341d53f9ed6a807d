#!/usr/bin/env node
// Entry point: wires the process (streams, environment, Ctrl-C) to run() and sets the exit code.
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';

const argv = process.argv.slice(2);

/** Help rendered by the build (dist/help.json) for `voicectl [command...] --help` when stdout is not a terminal. */
function prerenderedHelp() {
  const last = argv[argv.length - 1];
  if ((last !== '--help' && last !== '-h') || process.stdout.isTTY) return undefined;
  const words = argv.slice(0, -1);
  if (!words.every((w) => /^[a-z][a-z0-9-]*$/.test(w))) return undefined;
  try {
    return JSON.parse(readFileSync(new URL('../dist/help.json', import.meta.url), 'utf8'))[words.join(' ')];
  } catch {
    return undefined;
  }
}

let help;
if (argv.length === 1 && argv[0] === '--version') {
  // Scripts call this often: answer before loading anything.
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${pkg.version}\n`);
} else if ((help = prerenderedHelp()) !== undefined) {
  process.stdout.write(help);
} else {
  // undici parses HTTP with WebAssembly (llhttp). By default V8 also compiles it with its optimising tier in
  // the background, and the process waits ~100 ms at exit for that work, which a one-shot CLI never uses.
  // Liftoff, the baseline tier, compiles it in a few ms and is fast enough for API responses.
  // (--no-wasm-tier-up was tried and did not remove the wait on Node 20; --liftoff-only does.)
  v8.setFlagsFromString('--liftoff-only');
  if (typeof process.getBuiltinModule !== 'function') {
    // dist/ loads built-ins through process.getBuiltinModule (Node 20.16+, 22.3+); Node 22.0 to 22.2 lack it.
    const { createRequire } = await import('node:module');
    process.getBuiltinModule = createRequire(import.meta.url);
  }
  const [{ run }, { systemStreams }] = await Promise.all([import('../dist/cli.js'), import('../dist/io/streams.js')]);
  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    interrupts += 1;
    if (interrupts > 1) process.exit(130);
    controller.abort(new Error('interrupted'));
  });
  process.stdout.on('error', (err) => {
    // `voicectl ... | head` closes the pipe early: that is not a failure.
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
  process.exitCode = await run(argv, { io: systemStreams(), env: process.env, signal: controller.signal });
}
