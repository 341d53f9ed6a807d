#!/usr/bin/env node
// Entry point. Written so that any Node parses it (no import statement; nothing newer than import(), which Node 10 parses):
// on a Node that voicectl does not support, it says so and which ones it does, before anything else loads.
// The rule is package.json's "engines" (test/frame/node-version.test.ts checks that the two agree).
var v = process.versions.node.split('.').map(Number);
var supported = (v[0] === 20 && (v[1] > 18 || (v[1] === 18 && v[2] >= 1))) || v[0] === 22 || v[0] >= 24;
if (!supported) {
  process.stderr.write(
    'error: voicectl runs on Node.js 20.18.1 or a later 20.x, on 22.x, and on 24 or later; this is Node.js ' +
      process.versions.node +
      ' (' +
      process.execPath +
      ').\nInstall a supported Node.js (https://nodejs.org), or use the standalone executable, which needs none.\n',
  );
  process.exit(1);
}
import('./main.js').then((m) => m.main());
