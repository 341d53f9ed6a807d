import { readFileSync } from 'node:fs';

/** The package version, read from package.json (one source), found from src/, dist/ or a dist/ chunk. */
function readVersion(): string {
  for (const rel of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'voicectl' && pkg.version) return pkg.version;
    } catch {
      // try the next level
    }
  }
  return '0.0.0';
}

export const VERSION: string = readVersion();
