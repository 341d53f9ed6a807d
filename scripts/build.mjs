#!/usr/bin/env node
// Builds dist/ with rolldown (the bundler vitest's vite already brings): one ESM bundle, a chunk of what every command
// loads (core) and a chunk per command group, so that a command loads only what it runs (README "Performance"). Run
// by `npm run build` and by `prepare` on install. Nothing here depends on the Node that runs the build: the same dist/
// serves every Node line in `engines`.
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { checkUpstream, phonePatterns } from './phone-patterns.mjs';

const root = new URL('..', import.meta.url);

/**
 * A mechanism of our own, kept because it measured ahead on Node 24 (README "Performance"): built-in
 * modules that dependencies load when they load but voicectl never uses are replaced by stand-ins that load the
 * real module on first use. undici's HTTP/2 client reads node:http2's header constants when it loads, which pulls
 * in http2, tls and crypto; voicectl never enables HTTP/2. commander loads node:child_process for executable
 * subcommands, which voicectl does not have; undici checks invariants with node:assert. Measured on Node 24.21
 * (callgrind instructions, `tts get` against a local sandbox, 2 runs each): 610 M with the real modules, 440-520 M
 * with the http2 stand-in, 420-500 M with all three, 344 M for the node:http one-shot; CPU medians of 20 runs
 * 220 / 190 / 170 ms (one-shot 120 ms). The stand-ins are plain JavaScript in dist/, the same for every Node line;
 * the constants are checked against the real ones at every build.
 */
const HTTP2_CONSTANTS = {
  HTTP2_HEADER_AUTHORITY: ':authority',
  HTTP2_HEADER_METHOD: ':method',
  HTTP2_HEADER_PATH: ':path',
  HTTP2_HEADER_SCHEME: ':scheme',
  HTTP2_HEADER_CONTENT_LENGTH: 'content-length',
  HTTP2_HEADER_EXPECT: 'expect',
  HTTP2_HEADER_STATUS: ':status',
  HTTP2_HEADER_PROTOCOL: ':protocol',
  NGHTTP2_REFUSED_STREAM: 7,
  NGHTTP2_CANCEL: 8,
};
const { constants: realHttp2 } = await import('node:http2');
for (const [k, v] of Object.entries(HTTP2_CONSTANTS)) {
  if (realHttp2[k] !== v) throw new Error(`build: node:http2 constant ${k} is ${realHttp2[k]}, the stand-in says ${v}`);
}
const STAND_INS = {
  'node:http2': {
    from: '/undici/',
    contents: `const real = () => process.getBuiltinModule('node:http2');\nmodule.exports = { constants: ${JSON.stringify(HTTP2_CONSTANTS)}, connect: (...a) => real().connect(...a) };`,
  },
  'node:child_process': {
    from: '/commander/',
    contents: "module.exports = new Proxy({}, { get: (_, k) => process.getBuiltinModule('node:child_process')[k] });",
  },
  // Not a module loaded later but the global itself: Node's ESM face of node:process, made when it is first imported,
  // reads every property of process, its getters too (the list of allowed NODE_OPTIONS flags among them), in every
  // command that reads its configuration (env-paths imports it). The module is that global: CommonJS (yaml) requires
  // it, ESM takes it as its default export (docs/performance.md has the figures).
  'node:process': {
    from: '/node_modules/',
    contents: 'module.exports = process;',
  },
  // The real module (and its error formatting) loads only when an invariant fails or another function is used.
  'node:assert': {
    from: '/undici/',
    contents:
      "const real = () => process.getBuiltinModule('node:assert');\nfunction assert(value, message) { if (!value) real()(value, message); }\nmodule.exports = new Proxy(assert, { get: (t, k) => (k in t ? t[k] : real()[k]) });",
  },
};
const used = new Set();
const lazyBuiltins = {
  name: 'lazy-builtins',
  resolveId(source, importer) {
    const name = source.startsWith('node:') ? source : `node:${source}`;
    if (!STAND_INS[name] || !importer?.includes(STAND_INS[name].from)) return null;
    used.add(name);
    return `\0lazy-builtin:${name}`;
  },
  load(id) {
    return id.startsWith('\0lazy-builtin:') ? STAND_INS[id.slice('\0lazy-builtin:'.length)].contents : null;
  },
};

/**
 * The modules every command loads, in one chunk ("core"): what src/cli.ts imports statically, and the global options'
 * schema (src/globals.ts) that every command parses, with all they import (zod, commander). Left to itself, a bundler
 * splits them by which of the ~45 lazily imported modules reach each one: 35 files for `tts create --dry-run`, each
 * resolved, read, compiled and linked on its own. Measured (README "Performance", medians of 30): the dry run loads
 * 10 files instead of 35, the same 214 kB, in 101 ms instead of 112 on Node 20.20 and 57 instead of 65 on Node 24.21.
 */
/**
 * The MCP SDK gets a zod of its own. It imports zod's full API (zod/v4) where src/ imports zod/mini, and both are
 * built on zod/v4/core, whose modules are in the core chunk: bundled together, what the SDK uses of them stayed in
 * the core chunk, 50 kB more that every command loaded (`tts create --dry-run` took 10 ms more). Each zod module the
 * SDK reaches is a copy under an id of its own, in the SDK's chunks, as when the SDK loaded from node_modules.
 */
const SDK_ZOD = '\0mcp-sdk-zod:';
const inSdk = (id) => /[\\/]node_modules[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(id);
const isZod = (id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id);
const sdkZod = {
  name: 'mcp-sdk-zod',
  async resolveId(source, importer, options) {
    if (!importer || !(inSdk(importer) || importer.startsWith(SDK_ZOD))) return null;
    const from = importer.startsWith(SDK_ZOD) ? importer.slice(SDK_ZOD.length) : importer;
    const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
    return resolved && isZod(resolved.id) ? SDK_ZOD + resolved.id : resolved;
  },
  load(id) {
    return id.startsWith(SDK_ZOD) ? readFileSync(id.slice(SDK_ZOD.length), 'utf8') : null;
  },
};

const CORE_ROOTS = [
  'src/cli.ts',
  'src/globals.ts',
  // What the declarations of every group share (src/commands/define.ts), and the readers of an input file or stdin
  // that most commands taking input use: small, and a file of their own each otherwise.
  'src/commands/define.ts',
  'src/commands/list-flags.ts',
  'src/io/input-file.ts',
  'src/io/stdin.ts',
].map((f) => fileURLToPath(new URL(f, root)));
// zod's JSON Schema generator: zod/mini's index imports it, `voicectl mcp` alone calls it (31 kB).
const MCP_ONLY = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
let core;
function coreGroup(id, ctx) {
  if (!core) {
    core = new Set();
    const walk = (m) => {
      if (core.has(m) || MCP_ONLY.test(m)) return;
      core.add(m);
      for (const dep of ctx.getModuleInfo(m)?.importedIds ?? []) walk(dep);
    };
    for (const r of CORE_ROOTS) walk(r);
  }
  return core.has(id) ? 'core' : null;
}

// Built beside dist/ and swapped in at the end, so that a CLI running meanwhile never finds half a dist/.
const next = `dist.${process.pid}.tmp`;

checkUpstream();
const bundle = await rolldown({
  cwd: fileURLToPath(root),
  // The CLI, the streams bin/voicectl.js wires, the sandbox (importable as voicectl/sandbox) and the reference writer.
  input: {
    cli: 'src/cli.ts',
    'io/streams': 'src/io/streams.ts',
    'sandbox/server': 'src/sandbox/server.ts',
    // docs/commands.md's writer, for `npm run docs` (scripts/docs.mjs); no command loads it.
    reference: 'src/commands/reference.ts',
  },
  platform: 'node',
  // Tree shaking keeps the zod members src/ uses (`import * as z from 'zod/mini'`, accessed as z.object: zod declares
  // no side effects) and undici's Agent and request API (src/api/undici.ts).
  treeshake: true,
  // The MCP SDK is bundled too, into the chunks that `voicectl mcp` alone loads (sdkZod above). Loaded from
  // node_modules, its files (ajv's among them) took ~145 ms of CPU to resolve, read and compile at every start, which
  // a client that starts one server per call pays per call; and a global install brought ~97 packages (express,
  // hono, jose) for the three modules it uses.
  // jq-web (--jq) reads its jq.wasm from beside its own file: its two files are copied to dist/vendor/jq-web/
  // (below) and loaded from there by --jq alone (src/io/jq-web.ts).
  external: [/^jq-web$/],
  plugins: [lazyBuiltins, sdkZod, phonePatterns],
  transform: {
    target: 'node20',
    // The version as a constant (src/version.ts), so that no command reads package.json for it.
    define: {
      VOICECTL_BUILD_VERSION: JSON.stringify(JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).version),
    },
  },
  onLog(level, log) {
    throw new Error(`build: ${level}: ${log.message}`);
  },
});
await bundle.write({
  dir: next,
  format: 'esm',
  entryFileNames: '[name].js',
  // A command in a folder of its own (src/commands/campaigns/create/run.ts) is named for it: create-run.
  chunkFileNames: (chunk) => {
    const verb = chunk.facadeModuleId?.match(/[\\/]src[\\/]commands[\\/][^\\/]+[\\/]([^\\/]+)[\\/]([^\\/]+)\.ts$/);
    return verb ? `chunks/${verb[1]}-${verb[2]}-[hash].js` : 'chunks/[name]-[hash].js';
  },
  // Whitespace and dead code only: identifiers keep their names, so that --debug stack traces stay readable.
  minify: { compress: false, mangle: false, codegen: { removeWhitespace: true } },
  codeSplitting: { groups: [{ name: coreGroup, debugName: 'core' }] },
});
await bundle.close();
// jq-web's jq.js (as .cjs: dist/ is ESM) and jq.wasm, with its licence: the rest of the package (an unused emsdk/,
// 119 files) stays out of the package, and jq-web is a dev dependency.
{
  const to = new URL(`../${next}/vendor/jq-web/`, import.meta.url);
  mkdirSync(to, { recursive: true });
  const from = new URL('../node_modules/jq-web/', import.meta.url);
  for (const [src, dest] of [
    ['jq.js', 'jq.cjs'],
    ['jq.wasm', 'jq.wasm'],
    ['LICENSE', 'LICENSE'],
  ])
    copyFileSync(new URL(src, from), new URL(dest, to));
}
// --jq's worker thread runs a file of its own (src/io/jq.ts finds it beside the chunk that starts it).
copyFileSync(new URL('src/io/jq-worker.cjs', root), new URL(`${next}/chunks/jq-worker.cjs`, root));
for (const name of Object.keys(STAND_INS))
  if (!used.has(name)) throw new Error(`build: the ${name} stand-in was not used: did a dependency stop importing it?`);

// Help rendered ahead: `voicectl ... --help` piped or in a script prints this text without loading the CLI
// (bin/voicectl.js); a terminal, whose width may differ, gets it rendered live. test/frame checks that the
// two never differ.
{
  const base = new URL(`../${next}/`, import.meta.url);
  const { run, buildProgram } = await import(new URL('cli.js', base));
  const { testStreams } = await import(new URL('io/streams.js', base));
  const { program } = await buildProgram([], { io: testStreams(), env: {}, loadAll: true });
  const paths = [];
  const walk = (cmd, path) => {
    paths.push(path);
    for (const sub of cmd.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  const help = {};
  for (const path of paths) {
    const io = testStreams();
    if ((await run([...path, '--help'], { io, env: {} })) !== 0)
      throw new Error(`build: voicectl ${path.join(' ')} --help failed`);
    help[path.join(' ')] = io.stdout();
  }
  writeFileSync(new URL('help.json', base), JSON.stringify(help));
}
// The old dist/ is moved aside before the new one takes its place, so that a CLI started meanwhile (two test
// runs at once, a background sandbox) finds a dist/ for all but the instant between two renames.
const old = new URL(`dist.${process.pid}.old`, root);
try {
  renameSync(new URL('dist', root), old);
} catch {
  // no dist/ yet
}
renameSync(new URL(next, root), new URL('dist', root));
rmSync(old, { recursive: true, force: true });
