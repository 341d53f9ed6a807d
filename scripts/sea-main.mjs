// The main script of the single executable: scripts/sea.mjs bundles it, with bin/main.js and all of dist/, into one
// CommonJS file (what Node's SEA runs). The version and the prerendered help come from the executable itself.
import { getAsset } from 'node:sea';
import { main } from '../bin/main.js';

main({
  version: () => getAsset('version', 'utf8'),
  help: () => getAsset('help.json', 'utf8'),
  // The executable carries V8's code cache of this script (useCodeCache): Node's compile cache has nothing to add.
  compileCache: false,
});
