#!/usr/bin/env node
// Builds dist/: one ESM bundle with a chunk per command group, so that a command loads only what it runs
// (README "Performance"). Run by `npm run build` and by `prepare` on install.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * zod's namespace object re-exports every locale (40% of zod's code) although only English error messages
 * are ever used; the bundler cannot drop them from a namespace. This plugin hands zod its English locale alone.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${'/'}zod${'/'}`) ? { path: 'zod-locales', namespace: 'zod-english-only' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
      contents: "export { default as en } from 'zod/v4/locales/en.js';",
      resolveDir: root,
    }));
  },
};

/**
 * Built-in modules that dependencies load at start-up but voicectl never uses, replaced by stand-ins that load
 * the real module on first use. undici's HTTP/2 client reads node:http2's header constants when it loads, which
 * pulls in http2, tls and crypto (~25 ms); voicectl never enables HTTP/2. commander loads node:child_process for
 * executable subcommands, which voicectl does not have. The constants are checked against the real ones below.
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
  // undici checks its invariants with assert(value): the real module (and its error formatting) loads only when
  // one fails, or when another of its functions is used.
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

/**
 * zod and undici, the two biggest dependencies on the path of every API command, are bundled as CommonJS into
 * dist/vendor/ and loaded by src/vendor.ts with V8's code cache (written at the end of this build), which ESM
 * cannot use on Node 20. The ESM bundle imports them through a stand-in that calls loadVendor().
 */
const VENDORS = {
  zod: {
    stdin: { contents: await zodEntry(), resolveDir: root, sourcefile: 'vendor-zod.js' },
    plugins: [zodEnglishOnly],
  },
  undici: { entryPoints: ['src/api/undici.ts'], plugins: [lazyBuiltins] },
};
/**
 * zod's `z` namespace holds every schema type, format and tool (JSON Schema, registries, codecs); the bundle keeps
 * only the members src/ calls (`z.object`, `z.string`, ...), found by scanning the sources, which halves what
 * every command parses and runs. A member src/ starts using is picked up by the next build.
 */
async function zodEntry() {
  const { z } = await import('zod');
  const used = new Set();
  const scan = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) scan(p);
      else if (p.endsWith('.ts'))
        for (const m of readFileSync(p, 'utf8').matchAll(/\bz\.([A-Za-z_$][\w$]*)/g)) used.add(m[1]);
    }
  };
  scan(join(root, 'src'));
  const members = [...used].filter((k) => k in z).sort();
  return `import { ${members.map((k, i) => `${k} as m${i}`).join(', ')} } from 'zod';\nexport const z = { ${members.map((k, i) => `${JSON.stringify(k)}: m${i}`).join(', ')} };\n`;
}
const vendorExports = {};
for (const [name, { plugins, ...input }] of Object.entries(VENDORS)) {
  const outfile = `${next}/vendor/${name}.cjs`;
  await esbuild.build({
    absWorkingDir: root,
    ...input,
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    minifyWhitespace: true,
    minifySyntax: true,
    plugins,
    logLevel: 'warning',
  });
  vendorExports[name] = Object.keys(createRequire(import.meta.url)(`${root}${outfile}`)).filter(
    (k) => k !== 'default' && k !== '__esModule',
  );
}
const vendored = {
  name: 'vendored',
  setup(build) {
    const fromSrc = (args) => args.importer.startsWith(`${root}src`);
    build.onResolve({ filter: /^zod$/ }, (args) => (fromSrc(args) ? { path: 'zod', namespace: 'vendor' } : undefined));
    build.onResolve({ filter: /^\.\/undici\.js$/ }, (args) =>
      args.importer.endsWith('src/api/client.ts') ? { path: 'undici', namespace: 'vendor' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'vendor' }, (args) => ({
      contents: `import { loadVendor } from './src/vendor.ts';\nconst m = loadVendor(${JSON.stringify(args.path)});\nexport const { ${vendorExports[args.path].join(', ')} } = m;\n`,
      resolveDir: root,
      loader: 'js',
    }));
  },
};
await esbuild.build({
  absWorkingDir: root,
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
  // Smaller files parse faster; names are kept so that --debug stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  // CommonJS dependencies bundled into ESM still call require(), for built-in modules only (everything else is
  // bundled): process.getBuiltinModule (Node 20.16+) gives them without loading node:module and its source maps.
  banner: {
    js: "const require=(id)=>{const m=process.getBuiltinModule(id);if(m===void 0)throw new Error('voicectl: not a built-in module: '+id);return m};",
  },
  plugins: [vendored, zodEnglishOnly, lazyBuiltins],
  // The MCP SDK (and the zod, ajv and friends it brings) is loaded from node_modules by `voicectl mcp` alone, as
  // the SDK ships it: bundling it would copy zod into dist/ a second time. Our own schemas stay on the vendored zod.
  external: ['@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*'],
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
const old = new URL(`../dist.${process.pid}.old`, import.meta.url);
try {
  renameSync(new URL('../dist', import.meta.url), old);
} catch {
  // no dist/ yet
}
renameSync(new URL(`../${next}`, import.meta.url), new URL('../dist', import.meta.url));
rmSync(old, { recursive: true, force: true });

// The code cache of dist/vendor/, written in place (V8 keeps the file names it compiled): a child process with the CLI's V8 flags runs the commands that load them
// (validation with zod, a GET with undici to a throwaway local server) and saves what V8 compiled.
{
  const script = `
import v8 from 'node:v8';
import { createServer } from 'node:http';
v8.setFlagsFromString('--liftoff-only');
const dist = new URL('../dist/', ${JSON.stringify(import.meta.url)});
const { run } = await import(new URL('cli.js', dist));
const { testStreams } = await import(new URL('io/streams.js', dist));
const server = createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ data: { id: 'tts_0123456789abcdef', status: 'completed', text: 'hi', characterCount: 2, tokenCost: 10, voiceId: null, language: null, audioUrl: null, errorMessage: null, createdAt: new Date(0).toISOString(), updatedAt: new Date(0).toISOString() } }));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const env = { VOICECTL_BASE_URL: 'http://127.0.0.1:' + server.address().port, VOICECTL_API_KEY: 'vk_build' };
for (const argv of [['tts', 'create', '--dry-run', '--text', 'hi'], ['tts', 'get', 'tts_0123456789abcdef', '--json']]) {
  const io = testStreams();
  const code = await run(argv, { io, env });
  if (code !== 0) { console.error(io.stderr()); process.exit(1); }
}
server.close();
`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: { ...process.env, VOICECTL_WRITE_CODE_CACHE: '1' },
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('build: writing the code cache failed');
}
