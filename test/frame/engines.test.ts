// The support policy (docs/development.md "Supported Node.js versions"): `engines` lists the Node lines voicectl runs on, and each
// runtime dependency must run there too, or a user on the oldest release of a listed line gets a broken install.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';

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

  it('every runtime dependency, and every package bundled into dist/, accepts the first release of each line', () => {
    // Bundled: the packages src/ imports (dev dependencies since dist/ carries them), with what they import.
    const bundled = new Set<string>();
    const addWithDeps = (name: string) => {
      if (bundled.has(name)) return;
      bundled.add(name);
      for (const dep of Object.keys(lock.packages[`node_modules/${name}`]?.dependencies ?? {})) addWithDeps(dep);
    };
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else if (e.name.endsWith('.ts'))
          // Static imports, and the dynamic ones that load a package on first use (the MCP SDK, for `voicectl mcp`).
          for (const [, spec] of readFileSync(join(dir, e.name), 'utf8').matchAll(/(?:from |import\()'([^.'][^']*)'/g))
            if (!spec!.startsWith('node:'))
              addWithDeps(
                spec!
                  .split('/')
                  .slice(0, spec!.startsWith('@') ? 2 : 1)
                  .join('/'),
              );
      }
    };
    walk(fileURLToPath(new URL('src', root)));
    expect(bundled).toContain('undici');
    expect(bundled).toContain('@modelcontextprotocol/sdk');
    const refused: string[] = [];
    for (const [path, entry] of Object.entries<{ dev?: boolean; engines?: { node?: string } }>(lock.packages)) {
      const wants = entry.engines?.node;
      const name = path.replace(/^.*node_modules\//, '');
      if (path === '' || (entry.dev && !bundled.has(name)) || !wants) continue;
      for (const v of firsts)
        if (!semver.satisfies(v, wants))
          refused.push(`${path.replace(/^.*node_modules\//, '')} (${wants}) refuses ${v}`);
    }
    expect(refused).toEqual([]);
  });

  // bin/voicectl.js refuses an unsupported Node before it loads anything, by a rule of its own (it cannot read
  // package.json without loading a module): the rule and `engines` must agree, at each boundary.
  describe('bin/voicectl.js on each side of each boundary', () => {
    const bin = fileURLToPath(new URL('bin/voicectl.js', root));
    const versions = [
      '10.24.1',
      '16.20.2',
      '18.20.8',
      '20.0.0',
      '20.18.0',
      '20.18.1',
      '20.19.0',
      '21.7.3',
      '22.0.0',
      '22.2.0',
      '23.11.1',
      '24.0.0',
      '26.1.0',
    ];
    for (const v of versions) {
      const ok = semver.satisfies(v, range);
      it(`Node ${v}: ${ok ? 'runs' : 'refused'}`, () => {
        // The real file on this Node, told it is another one (a preload redefining process.versions); --version
        // answers without loading dist/.
        const dir = tempDir();
        const preload = join(dir, 'fake-node.cjs');
        writeFileSync(
          preload,
          `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: ${JSON.stringify(v)} } });\n`,
        );
        const r = spawnSync(process.execPath, ['--require', preload, bin, '--version'], { encoding: 'utf8' });
        if (ok) {
          expect(r.stderr).toBe('');
          expect(r.stdout).toBe(`${pkg.version}\n`);
          expect(r.status).toBe(0);
        } else {
          expect(r.stdout).toBe('');
          expect(r.stderr).toBe(
            `error: voicectl runs on Node.js 20.18.1 or a later 20.x, on 22.x, and on 24 or later; this is Node.js ${v} (${process.execPath}).\n` +
              'Install a supported Node.js (https://nodejs.org), or use the standalone executable, which needs none.\n',
          );
          expect(r.status).toBe(1);
        }
      });
    }
  });
});
