// The application's entry inside the single executable: scripts/sea.mjs bundles it, with bin/main.js and all of
// dist/, into CommonJS modules that scripts/sea-loader.cjs runs. The version and the prerendered help come from the
// executable itself.
import { getAsset } from 'node:sea';
import { main } from '../bin/main.js';

main({
  version: () => getAsset('version', 'utf8'),
  help: () => getAsset('help.json', 'utf8'),
  // The loader compiles each module from the code cache the build wrote: Node's compile cache (for files) has
  // nothing to add.
  compileCache: false,
});
