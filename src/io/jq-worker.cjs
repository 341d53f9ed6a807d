// The worker thread of --jq (src/io/jq.ts starts it): jq-web runs each program here, so that one that never ends
// holds this thread, not the command's event loop. Plain CommonJS, so that the same file runs from src/ (the tests)
// and from dist/chunks/ (the build copies it beside the chunk that starts it).
// jq-web sends stderr of a successful run to console.warn and leaves process.exitCode as jq's (Emscripten's exit):
// both stay here, taken back after each run. jq-web drops the last newline of stdout; jq prints one after every value.
const { parentPort, workerData } = require('node:worker_threads');

const ready = workerData.jqWeb !== undefined ? require(workerData.jqWeb) : fromExecutable();

/**
 * jq-web inside a single executable (src/io/jq-web.ts): jq.js run from its asset with a `fs` whose readFileSync
 * hands it jq.wasm from its asset (jq.js reads nothing else), so that jq.js stays as jq-web ships it and nothing is
 * written to disk.
 */
function fromExecutable() {
  const sea = require('node:sea');
  const fs = require('node:fs');
  const wasm = Buffer.from(sea.getAsset('jq.wasm'));
  const jqFs = { ...fs, readFileSync: (f, o) => (String(f).endsWith('jq.wasm') ? wasm : fs.readFileSync(f, o)) };
  const jqRequire = (name) => (name === 'fs' || name === 'node:fs' ? jqFs : require(name));
  const module = { exports: {} };
  const args = ['require', 'module', 'exports', '__filename', '__dirname'];
  require('node:vm').compileFunction(sea.getAsset('jq.js', 'utf8'), args, { filename: 'jq.js' })(
    jqRequire,
    module,
    module.exports,
    '/jq-web/jq.js',
    '/jq-web',
  );
  return module.exports;
}

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
