#!/usr/bin/env node
// Builds dist/: one ESM bundle with a chunk per command group, so that a command loads only what it runs
// (README "Performance"). Run by `npm run build` and by `prepare` on install. Nothing here depends on the Node
// that runs the build: the same dist/ serves every Node line in `engines`.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as esbuild from 'esbuild';

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
    contents: `const real = () => require('node:http2');\nmodule.exports = { constants: ${JSON.stringify(HTTP2_CONSTANTS)}, connect: (...a) => real().connect(...a) };`,
  },
  'node:child_process': {
    from: '/commander/',
    contents: "module.exports = new Proxy({}, { get: (_, k) => require('node:child_process')[k] });",
  },
  // The real module (and its error formatting) loads only when an invariant fails or another function is used.
  'node:assert': {
    from: '/undici/',
    contents:
      "const real = () => require('node:assert');\nfunction assert(value, message) { if (!value) real()(value, message); }\nmodule.exports = new Proxy(assert, { get: (t, k) => (k in t ? t[k] : real()[k]) });",
  },
};
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(build) {
    build.onResolve({ filter: /^node:(http2|child_process|assert)$/ }, (args) =>
      args.namespace !== 'lazy-builtin' && args.importer.includes(STAND_INS[args.path].from)
        ? { path: args.path, namespace: 'lazy-builtin' }
        : undefined,
    );
    build.onResolve({ filter: /^node:/, namespace: 'lazy-builtin' }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      contents: STAND_INS[args.path].contents,
      loader: 'js',
    }));
  },
};

// Built beside dist/ and swapped in at the end, so that a CLI running meanwhile never finds half a dist/.
const next = `dist.${process.pid}.tmp`;

await esbuild.build({
  absWorkingDir: root.pathname,
  // The CLI, the streams bin/voicectl.js wires, and the sandbox (importable as voicectl/sandbox).
  entryPoints: ['src/cli.ts', 'src/io/streams.ts', 'src/sandbox/server.ts'],
  outbase: 'src',
  outdir: next,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  // Tree shaking keeps the zod members src/ uses (`import * as z from 'zod'`, accessed as z.object: zod declares
  // no side effects) and undici's Agent and request API (src/api/undici.ts). Identifiers keep their names so
  // that --debug stack traces stay readable.
  treeShaking: true,
  minifyWhitespace: true,
  minifySyntax: true,
  // CommonJS dependencies bundled into ESM still call require(), for built-in modules only (everything else is
  // bundled): process.getBuiltinModule (Node 20.16+, 22.3+; bin/voicectl.js provides it on 22.0-22.2) gives them.
  banner: {
    js: "const require=(id)=>{const m=process.getBuiltinModule(id);if(m===void 0)throw new Error('voicectl: not a built-in module: '+id);return m};",
  },
  // The MCP SDK (and the zod, ajv and friends it brings) is loaded from node_modules by `voicectl mcp` alone, as
  // the SDK ships it: bundling it would copy zod into dist/ a second time.
  external: ['@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*'],
  plugins: [lazyBuiltins],
  // The version as a constant (src/version.ts), so that no command reads package.json for it.
  define: {
    VOICECTL_BUILD_VERSION: JSON.stringify(JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).version),
  },
  logLevel: 'warning',
});

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
