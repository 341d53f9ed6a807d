// Where --jq's worker loads jq-web from: the copy of its jq.js and jq.wasm in dist/vendor/jq-web/ (scripts/build.mjs),
// the package itself when src/ runs unbundled (the tests), or, inside a single executable (scripts/sea.mjs), the
// executable's own assets.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isExecutable } from '../install.js';

/**
 * What the worker is given (workerData.jqWeb): the path of jq-web's jq.js, or undefined inside a single executable,
 * where the worker reads it from the executable's assets (LOAD_JQ_WEB).
 */
export function jqWebPath(): string | undefined {
  if (isExecutable()) return undefined;
  // From dist/ or a chunk of it (dist/chunks/): dist/vendor/jq-web/jq.cjs.
  for (let dir = dirname(fileURLToPath(import.meta.url)), i = 0; i < 2; i++, dir = dirname(dir)) {
    const vendored = join(dir, 'vendor', 'jq-web', 'jq.cjs');
    if (existsSync(vendored)) return vendored;
  }
  return createRequire(import.meta.url).resolve('jq-web');
}

/**
 * The worker's expression for jq-web's promise of {json, raw}. In a single executable, jq.js is run from its asset
 * with a `fs` whose readFileSync hands it jq.wasm from the asset (jq.js reads nothing else): jq.js stays as jq-web
 * ships it, and nothing is written to disk.
 */
export const LOAD_JQ_WEB = `(workerData.jqWeb !== undefined ? require(workerData.jqWeb) : (() => {
  const sea = require('node:sea');
  const fs = require('node:fs');
  const wasm = Buffer.from(sea.getAsset('jq.wasm'));
  const jqFs = { ...fs, readFileSync: (f, o) => (String(f).endsWith('jq.wasm') ? wasm : fs.readFileSync(f, o)) };
  const jqRequire = (name) => (name === 'fs' || name === 'node:fs' ? jqFs : require(name));
  const module = { exports: {} };
  require('node:vm').compileFunction(sea.getAsset('jq.js', 'utf8'), ['require', 'module', 'exports', '__filename', '__dirname'], { filename: 'jq.js' })(jqRequire, module, module.exports, '/jq-web/jq.js', '/jq-web');
  return module.exports;
})())`;
