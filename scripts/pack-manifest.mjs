#!/usr/bin/env node
// The package.json that `npm pack` and `npm publish` put in the tarball has no `prepare` script: npm 11 warns about
// one on every install of a tarball ("install scripts not yet covered by allowScripts"), although a tarball comes
// with dist/ built and needs no step. A clone (`npm ci`) and a git install (`npm install github:…`) still build
// through `prepare`. `prepack` (strip) saves package.json's text and writes it without the script; `postpack`
// (restore) puts the text back, byte for byte. A strip whose restore never ran (an interrupted pack) is undone by
// the next strip or restore, before anything else.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const manifest = new URL('../package.json', import.meta.url);
const saved = new URL('../node_modules/.cache/voicectl-pack/package.json', import.meta.url);

const restore = () => {
  if (existsSync(saved)) renameSync(saved, manifest);
};

if (process.argv[2] === 'strip') {
  restore();
  const text = readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(text);
  delete pkg.scripts.prepare;
  mkdirSync(new URL('.', saved), { recursive: true });
  writeFileSync(saved, text);
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (process.argv[2] === 'restore') {
  restore();
} else {
  throw new Error('usage: pack-manifest.mjs strip|restore');
}
