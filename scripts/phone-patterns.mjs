// libphonenumber-js tests a number against a pattern of its metadata with `new RegExp('^(?:' + pattern + ')$')`,
// built again on every call (helpers/matchesEntirely.js): reading one phone cell builds 10 to 40 regular expressions,
// the same ones for every row of a file. This plugin gives that one helper a cache of the expressions it built, in
// the bundle (scripts/build.mjs) and in the tests (test/vitest.config.ts), so that both run the same code.
// Measured (docs/performance.md): `contacts convert` of 200,000 rows 7.2 s -> 5.4 s, the same output.
//
// The cache is bounded: the patterns come from the metadata alone (a few thousand), and past MAX_CACHED it stops adding.
// The expressions have no flags, so `test` keeps no state between calls (no lastIndex): one per pattern serves all.
// The build fails if the helper upstream is no longer the one-line function this replaces (checked below).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const MAX_CACHED = 10_000;
const HELPER = /[\\/]node_modules[\\/]libphonenumber-js[\\/]es6[\\/]helpers[\\/]matchesEntirely\.js$/;
const UPSTREAM = "return new RegExp('^(?:' + regularExpressionText + ')$').test(text);";

const body = `const cache = new Map();
function matchesEntirely(text, regularExpressionText) {
  text = text || '';
  let expression = cache.get(regularExpressionText);
  if (expression === undefined) {
    expression = new RegExp('^(?:' + regularExpressionText + ')$');
    if (cache.size < ${MAX_CACHED}) cache.set(regularExpressionText, expression);
  }
  return expression.test(text);
}
`;

/** The helper as installed. */
export function upstreamHelper() {
  const require = createRequire(import.meta.url);
  return require.resolve('libphonenumber-js/package.json').replace(/package\.json$/, 'es6/helpers/matchesEntirely.js');
}

/** Throws unless libphonenumber-js's helper (`file`) is still the function this plugin stands in for. */
export function checkUpstream(file = upstreamHelper()) {
  const source = readFileSync(file, 'utf8');
  if (!source.includes(UPSTREAM)) {
    throw new Error(
      `scripts/phone-patterns.mjs: ${file} changed; check that the cached helper still does what it does`,
    );
  }
}

/** A rolldown and vite plugin: the helper's module, with the cache. */
export const phonePatterns = {
  name: 'phone-patterns',
  load(id) {
    // The ES module build, the one `import ... from 'libphonenumber-js/max'` loads (src/contacts).
    return HELPER.test(id.split('?')[0]) ? `${body}export default matchesEntirely;\n` : null;
  },
};
