#!/usr/bin/env node
// Builds dist/: one ESM bundle with a chunk per command group, so that a command loads only what it runs
// (README "Performance"). Run by `npm run build` and by `prepare` on install.
import { renameSync, rmSync } from 'node:fs';
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
      args.importer.includes(`${'/'}zod${'/'}`) ? { path: 'zod-locales', namespace: 'zod-english-only' } : undefined);
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
      contents: "export { default as en } from 'zod/v4/locales/en.js';",
      resolveDir: root,
    }));
  },
};

// Built beside dist/ and swapped in at the end, so that a CLI running meanwhile never finds half a dist/.
const next = `dist.${process.pid}.tmp`;
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
  // CommonJS dependencies bundled into ESM still call require().
  banner: { js: "import{createRequire as __vcr}from'node:module';const require=__vcr(import.meta.url);" },
  plugins: [zodEnglishOnly],
  logLevel: 'warning',
});
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
renameSync(new URL(`../${next}`, import.meta.url), new URL('../dist', import.meta.url));
