// The single executable's main script (scripts/sea.mjs): the application's modules, rolldown's CommonJS chunks of
// scripts/sea-main.mjs, bin/main.js and dist/, are the executable's assets, each compiled when first required, as
// `node` loads dist/ file by file, and from V8's code cache where the build wrote one for it (the executable of the
// platform that built it). One script of all of them would be compiled whole by every command: measured on Node
// 24.21, 367 M instructions for `tts create --dry-run` and 277 M for `--version`, against 220 M and 100 M so.
const { Script } = require('node:vm');
const { dirname, posix } = require('node:path');
const loaded = new Map();
const wrap = (source) => `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
function load(id) {
  let module = loaded.get(id);
  if (module) return module.exports;
  module = { exports: {} };
  loaded.set(id, module);
  let cachedData;
  const { getAsset } = require('node:sea');
  try {
    cachedData = new Uint8Array(getAsset(`${id}.cache`));
  } catch {
    // none: an executable built for another platform than the builder's
  }
  const script = new Script(wrap(getAsset(id, 'utf8')), {
    filename: `voicectl/${id}`,
    cachedData,
  });
  const dir = posix.dirname(id);
  const req = (spec) => (spec.startsWith('./') || spec.startsWith('../') ? load(posix.join(dir, spec)) : require(spec));
  script.runInThisContext()(module.exports, req, module, process.execPath, dirname(process.execPath));
  return module.exports;
}
/** The code cache of each module, as this file compiles them: run by the target's own Node at build time. */
function writeCaches(root, ids) {
  const { writeFileSync, readFileSync } = require('node:fs');
  for (const id of ids) {
    const source = readFileSync(`${root}/${id}`, 'utf8');
    writeFileSync(`${root}/${id}.cache`, new Script(wrap(source), { filename: `voicectl/${id}` }).createCachedData());
  }
}

if (require('node:sea').isSea()) load('app/main.js');
else writeCaches(process.argv[2], process.argv.slice(3));
