// dist/vendor/: zod and undici bundled as CommonJS with V8's code cache (src/vendor.ts). The cache the build
// wrote must be accepted under the CLI's V8 flags (else it costs without paying), and a damaged cache must
// only cost time: the command still works.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

function probe(dist: string, name: string): { rejected: boolean } {
  const script = `
import v8 from 'node:v8';
import { readFileSync } from 'node:fs';
import { Script } from 'node:vm';
v8.setFlagsFromString('--liftoff-only');
const file = ${JSON.stringify(join(dist, 'vendor', `${name}.cjs`))};
const s = new Script('(function (exports, require, module, __filename, __dirname) {' + readFileSync(file, 'utf8') + '\\n})', { filename: file, cachedData: readFileSync(file.replace(/\\.cjs$/, '.cache')) });
process.stdout.write(JSON.stringify({ rejected: s.cachedDataRejected }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as { rejected: boolean };
}

describe('vendored dependencies', () => {
  it.each(['zod', 'undici'])('the code cache of %s is accepted under the flags bin/voicectl.js sets', (name) => {
    expect(probe(join(ROOT, 'dist'), name)).toEqual({ rejected: false });
  });

  it('a damaged code cache is rejected by V8 and the command still works', () => {
    const copy = mkdtempSync(join(tmpdir(), 'voicectl-vendor-'));
    cpSync(join(ROOT, 'bin'), join(copy, 'bin'), { recursive: true });
    cpSync(join(ROOT, 'dist'), join(copy, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
    for (const name of ['zod', 'undici'])
      writeFileSync(join(copy, 'dist', 'vendor', `${name}.cache`), Buffer.alloc(4096, 7));
    expect(probe(join(copy, 'dist'), 'zod')).toEqual({ rejected: true });
    const r = spawnSync(
      process.execPath,
      [join(copy, 'bin', 'voicectl.js'), 'tts', 'create', '--dry-run', '--text', 'Hello', '--speed', '9'],
      {
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          VOICECTL_CONFIG_DIR: copy,
          VOICECTL_BASE_URL: 'http://127.0.0.1:9',
          VOICECTL_API_KEY: 'vk_test',
        },
      },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--speed');
  });
});
