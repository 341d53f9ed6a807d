// Loads a dependency that the build bundled as CommonJS into dist/vendor/ (zod and undici, the two biggest on the
// path of every API command) with V8's code cache: the build runs a few commands once and saves the compiled
// code next to the bundle (`<name>.cache`), so later runs skip parsing and compiling them (~50 ms per command
// on a 2-core machine; README "Performance"). ESM modules cannot use a code cache on Node 20, CommonJS
// compiled through node:vm can. A cache that does not fit (another Node version, other V8 flags) is rejected
// by V8 and the bundle is compiled as usual: slower, never wrong.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const loaded = new Map<string, unknown>();
const scripts: { script: Script; cache: string }[] = [];

/** dist/ (or the build's temporary dist.<pid>.tmp/) of the module this code was bundled into. */
function distRoot(): string {
  const path = fileURLToPath(import.meta.url);
  const last = [...path.matchAll(/[\\/]dist(?:\.\d+\.tmp)?[\\/]/g)].at(-1);
  if (!last || last.index === undefined) throw new Error(`vendor: cannot find dist/ from ${path}`);
  return path.slice(0, last.index + last[0].length);
}

/**
 * The bundles require only Node's built-in modules (everything else is inside them). process.getBuiltinModule
 * gives those without loading node:module (and the source-map support it pulls in).
 */
export function builtinRequire(id: string): unknown {
  const m = process.getBuiltinModule(id);
  if (m === undefined) throw new Error(`voicectl: the bundle asked for "${id}", which is not a built-in module`);
  return m;
}

export function loadVendor<T>(name: string): T {
  const hit = loaded.get(name);
  if (hit) return hit as T;
  const dir = `${distRoot()}vendor/`;
  const file = `${dir}${name}.cjs`;
  const cache = `${dir}${name}.cache`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cache);
  } catch {
    // not built yet (the build is writing it) or removed: compile as usual
  }
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`,
    { filename: file, cachedData },
  );
  const module = { exports: {} as T };
  const fn = script.runInThisContext() as (e: unknown, r: NodeJS.Require, m: unknown, f: string, d: string) => void;
  fn.call(module.exports, module.exports, builtinRequire as NodeJS.Require, module, file, dir.slice(0, -1));
  if (process.env.VOICECTL_WRITE_CODE_CACHE === '1') {
    if (scripts.length === 0) process.once('exit', writeCaches);
    scripts.push({ script, cache });
  }
  loaded.set(name, module.exports);
  return module.exports;
}

/** Build time only: saves the code compiled so far, after the commands ran. */
function writeCaches(): void {
  for (const { script, cache } of scripts) {
    const tmp = `${cache}.${process.pid}.tmp`;
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, cache);
  }
}
