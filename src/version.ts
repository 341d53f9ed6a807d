import { readFileSync } from 'node:fs';

/**
 * The version the build writes into dist/ from package.json (scripts/build.mjs, `define`), so that a command does not
 * read a file for it; undefined when src/ runs unbundled (the tests), which read package.json instead.
 */
declare const VOICECTL_BUILD_VERSION: string | undefined;

/** The package version, read from package.json (one source), found from src/. */
function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      name?: string;
      version?: string;
    };
    if (pkg.name === 'voicectl' && pkg.version) return pkg.version;
  } catch {
    // not beside a package.json: fall through
  }
  return '0.0.0';
}

export const VERSION: string = typeof VOICECTL_BUILD_VERSION === 'string' ? VOICECTL_BUILD_VERSION : readVersion();
