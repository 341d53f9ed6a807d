// Where --jq's worker and jq-web come from: files beside the module (the worker in src/io/ or dist/chunks/; jq-web's
// jq.js and jq.wasm copied to dist/vendor/jq-web/ by scripts/build.mjs, or the package itself when src/ runs
// unbundled, in the tests), or, inside a single executable (scripts/sea.mjs), the executable's own assets.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Sea from 'node:sea';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorkerOptions } from 'node:worker_threads';
import { isExecutable } from '../install.js';

/** The path of jq-web's jq.js: dist/vendor/jq-web/jq.cjs from dist/ or a chunk of it, else the package's. */
function jqWebPath(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)), i = 0; i < 2; i++, dir = dirname(dir)) {
    const vendored = join(dir, 'vendor', 'jq-web', 'jq.cjs');
    if (existsSync(vendored)) return vendored;
  }
  return createRequire(import.meta.url).resolve('jq-web');
}

/**
 * The worker's script and options: its file, told where jq.js is; inside a single executable, which has no files
 * beside it, its source from the executable's assets, run as code, and no path for jq.js (the worker reads it and
 * jq.wasm from the assets too: src/io/jq-worker.cjs).
 */
export function jqWorker(file: URL): { script: string | URL; options: WorkerOptions } {
  if (!isExecutable()) return { script: file, options: { workerData: { jqWeb: jqWebPath() } } };
  const sea = process.getBuiltinModule('node:sea') as typeof Sea;
  return { script: sea.getAsset('jq-worker.cjs', 'utf8'), options: { eval: true, workerData: { jqWeb: undefined } } };
}
