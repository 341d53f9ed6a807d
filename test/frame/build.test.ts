// dist/ as scripts/build.mjs makes it (docs/performance.md): what a command loads, and Node's compile cache,
// which must only ever cost time. Each check runs bin/voicectl.js as users do, on the Node running the suite.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, spawnCli, startSandbox, tempDir } from '../helpers/cli.js';

/**
 * Runs the CLI with NODE_OPTIONS hooks that record the files of dist/ it loads (a module loader hook) and the
 * built-in modules it loaded (process.moduleLoadList at exit).
 */
async function loaded(argv: string[], sandbox?: Sandbox) {
  const dir = tempDir('voicectl-build-');
  const files = join(dir, 'files.txt');
  const builtins = join(dir, 'builtins.json');
  writeFileSync(
    join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  const r = await next(url, context);
  if (url.includes('/dist/')) appendFileSync(${JSON.stringify(files)}, url + '\\n');
  return r;
}`,
  );
  writeFileSync(
    join(dir, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${join(dir, 'hooks.mjs')}`)});`,
  );
  writeFileSync(
    join(dir, 'builtins.cjs'),
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(builtins)}, JSON.stringify(process.moduleLoadList)));`,
  );
  const r = await spawnCli(argv, {
    sandbox,
    env: { NODE_OPTIONS: `--import ${join(dir, 'register.mjs')} --require ${join(dir, 'builtins.cjs')}` },
  });
  const urls = existsSync(files) ? readFileSync(files, 'utf8').trim().split('\n') : [];
  const texts = urls.map((url) => readFileSync(new URL(url), 'utf8'));
  const kb = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0) / 1000;
  // The table printer's chunk (io/table.ts, and the width measure with it).
  const tableKit = urls.some((u) => /\/table-[\w-]+\.js$/.test(u));
  const modules = (JSON.parse(readFileSync(builtins, 'utf8')) as string[])
    .filter((m) => m.startsWith('NativeModule '))
    .map((m) => m.slice('NativeModule '.length));
  return { ...r, files: urls.length, urls, kb, modules, tableKit };
}

describe('the build', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  it('tts create --dry-run loads zod tree-shaken, and no network, crypto or child process module, nor the table printer', async () => {
    const r = await loaded(['tts', 'create', '--text', 'hi', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ text: 'hi' });
    expect(r.files).toBeGreaterThan(3);
    // src/ uses zod/mini alone (one API): this run loads ~214 kB of dist/ in all, ~86 kB of it the zod core and
    // mini members it needs (261 kB while part of src/ still used classic zod). More means something loads zod
    // as a whole or its classic API (an import of 'zod' itself, static or `import('zod')`, instead of 'zod/mini'):
    // one classic schema on this path made it 274 kB.
    expect(r.kb).toBeLessThan(260);
    for (const m of ['http', 'http2', 'tls', 'crypto', 'child_process', 'assert']) expect(r.modules).not.toContain(m);
    expect(r.tableKit).toBe(false);
  });

  it('tts get loads neither node:http2 nor node:child_process nor node:assert (stand-ins until first use), nor node:crypto (for a file written), nor the table printer for JSON', async () => {
    const created = await cli(['tts', 'create', '--text', 'hi', '--json'], { sandbox });
    const { id } = JSON.parse(created.stdout) as { id: string };
    const r = await loaded(['tts', 'get', id, '--json'], sandbox);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id });
    expect(r.modules).toContain('net');
    for (const m of ['http2', 'child_process', 'assert', 'crypto']) expect(r.modules).not.toContain(m);
    expect(r.tableKit).toBe(false);
    // The same record as a table is what loads it.
    const table = await loaded(['tts', 'get', id, '-o', 'table'], sandbox);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^ID +tts_/);
    expect(table.tableKit).toBe(true);
  });

  it('jq and the campaign template load only when --jq or --skeleton is given; a list of one page loads no node:crypto', async () => {
    const chunk = (urls: string[], name: string) => urls.some((u) => new RegExp(`/${name}-[\\w-]+\\.js$`).test(u));
    const plain = await loaded(['tts', 'list', '--json'], sandbox);
    expect(plain.code, plain.stderr).toBe(0);
    expect(chunk(plain.urls, 'jq')).toBe(false);
    expect(plain.modules).not.toContain('crypto');
    const jq = await loaded(['tts', 'list', '--jq', 'length'], sandbox);
    expect(jq.code, jq.stderr).toBe(0);
    expect(chunk(jq.urls, 'jq')).toBe(true);
    const dry = await loaded(['campaigns', 'create', '--name', 'N', '--dry-run'], sandbox);
    expect(chunk(dry.urls, 'create-skeleton')).toBe(false);
    const skeleton = await loaded(['campaigns', 'create', '--skeleton']);
    expect(skeleton.code, skeleton.stderr).toBe(0);
    expect(chunk(skeleton.urls, 'create-skeleton')).toBe(true);
    expect(chunk(skeleton.urls, 'create-run')).toBe(false);
  });

  it('help and the version print no table and load no table printer', async () => {
    for (const argv of [['--help'], ['tts', 'list', '--help'], ['--version'], ['version']]) {
      const r = await loaded(argv);
      expect(r.code, r.stderr).toBe(0);
      expect(r.tableKit, argv.join(' ')).toBe(false);
    }
  });

  it('a compile cache that cannot be written changes nothing: same output, nothing printed', async () => {
    const dir = tempDir('voicectl-cache-');
    const notADir = join(dir, 'file');
    writeFileSync(notADir, 'not a directory');
    const argv = ['tts', 'create', '--text', 'hi', '--dry-run'];
    const good = await spawnCli(argv, { env: { NODE_COMPILE_CACHE: join(dir, 'cache') } });
    const bad = await spawnCli(argv, { env: { NODE_COMPILE_CACHE: join(notADir, 'cache') } });
    expect(good.code).toBe(0);
    expect(bad).toEqual(good);
    // A temp dir that cannot exist: Node's recursive mkdir never returns for this one, so bin/ must not ask it.
    expect(await spawnCli(argv, { env: { TMPDIR: '/proc/self/no-such-dir' } })).toEqual(good);
  });
});
