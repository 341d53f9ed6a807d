// The worker thread of --jq (src/io/jq.ts starts it): jq-web runs each program here, so that one that never ends
// holds this thread, not the command's event loop. Plain CommonJS, so that the same file runs from src/ (the tests)
// and from dist/chunks/ (the build copies it beside the chunk that starts it).
// jq-web sends stderr of a successful run to console.warn and leaves process.exitCode as jq's (Emscripten's exit):
// both stay here, taken back after each run. jq-web drops the last newline of stdout; jq prints one after every value.
const { parentPort, workerData } = require('node:worker_threads');

const ready = require(workerData.jqWeb);

parentPort.on('message', async ({ id, input, program, flags }) => {
  const engine = await ready;
  const warn = console.warn;
  let err = '';
  console.warn = (...args) => {
    err += `${String(args[args.length - 1])}\n`;
  };
  try {
    const out = engine.raw(input, program, flags) ?? '';
    parentPort.postMessage({ id, out: out === '' ? '' : `${out}\n`, err });
  } catch (e) {
    parentPort.postMessage({ id, failed: { exitCode: e?.exitCode, stderr: String(e?.stderr ?? e?.message ?? e) } });
  } finally {
    console.warn = warn;
    process.exitCode = undefined;
  }
});
