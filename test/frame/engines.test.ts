// The support policy (docs/development.md "Supported Node.js versions"): `engines` lists the Node lines voicectl runs on, and each
// runtime dependency must run there too, or a user on the oldest release of a listed line gets a broken install.
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8'));
const range: string = pkg.engines.node;
/** The first release of each line `engines` accepts: 20.18.1, 22.0.0, 24.0.0. */
const firsts = range.split('||').map((part) => semver.minVersion(part.trim())!.version);

describe('engines', () => {
  it('lists the LTS lines: 20.18.1+, 22 and 24 onwards, and not the odd lines', () => {
    expect(firsts).toEqual(['20.18.1', '22.0.0', '24.0.0']);
    for (const v of ['20.18.1', '22.0.0', '22.2.0', '24.0.0', '26.0.0'])
      expect(semver.satisfies(v, range), v).toBe(true);
    for (const v of ['20.18.0', '21.7.3', '23.11.0', '18.20.0']) expect(semver.satisfies(v, range), v).toBe(false);
  });

  it('every runtime dependency accepts the first release of each line', () => {
    const refused: string[] = [];
    for (const [path, entry] of Object.entries<{ dev?: boolean; engines?: { node?: string } }>(lock.packages)) {
      const wants = entry.engines?.node;
      if (path === '' || entry.dev || !wants) continue;
      for (const v of firsts)
        if (!semver.satisfies(v, wants))
          refused.push(`${path.replace(/^.*node_modules\//, '')} (${wants}) refuses ${v}`);
    }
    expect(refused).toEqual([]);
  });
});
