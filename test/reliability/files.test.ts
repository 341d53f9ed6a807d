// Output files of `contacts convert`: never replace an existing file without --force, written under a
// temporary name and renamed only when complete, and a destination that cannot be written is a usage error.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { testStreams } from '../../src/io/streams.js';
import { assertNoSecrets, cli, cliEnv, ROOT, tempDir } from '../helpers/cli.js';
import { expectFailure, until } from './helpers.js';

const fx = (name: string) => join(ROOT, 'fixtures/contacts', name);
const BOM_JSON =
  '[\n  {"phone_number":"+393331234567","name":"Mario Rossi","company":"Acme"},\n  {"phone_number":"+390212345678","name":"Giulia Bianchi"}\n]\n';

describe('--out never replaces a file unless --force', () => {
  it('an existing --out: exit 2, the file untouched, nothing else written', async () => {
    const dir = tempDir();
    const out = join(dir, 'contacts.json');
    writeFileSync(out, 'previous');
    const r = await cli(['contacts', 'convert', fx('bom.csv'), '--out', out]);
    expectFailure(r, 2);
    expect(r.stderr).toContain(`error: --out: ${out} already exists; nothing was written`);
    expect(r.stderr).toContain('--force');
    expect(readFileSync(out, 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual(['contacts.json']);
    expect(r.stdout).toBe('');
  });

  it('--force replaces it with the complete conversion', async () => {
    const dir = tempDir();
    const out = join(dir, 'contacts.json');
    writeFileSync(out, 'previous');
    const r = await cli(['contacts', 'convert', fx('bom.csv'), '--out', out, '--force']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(BOM_JSON);
    expect(readdirSync(dir)).toEqual(['contacts.json']);
  });

  it('--force does not make a failed conversion replace the file', async () => {
    const dir = tempDir();
    const out = join(dir, 'contacts.json');
    writeFileSync(out, 'previous');
    const r = await cli(['contacts', 'convert', fx('invalid.csv'), '--default-country', 'IT', '--out', out, '--force']);
    expectFailure(r, 2);
    expect(readFileSync(out, 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual(['contacts.json']);
  });

  it('an existing --rejects file: exit 2, neither file written', async () => {
    const dir = tempDir();
    const out = join(dir, 'contacts.json');
    const rej = join(dir, 'rejected.csv');
    writeFileSync(rej, 'old rejects');
    const r = await cli([
      'contacts',
      'convert',
      fx('scientific.csv'),
      '--default-country',
      'IT',
      '--skip-invalid',
      '--rejects',
      rej,
      '--out',
      out,
    ]);
    expectFailure(r, 2);
    expect(r.stderr).toContain(`--rejects: ${rej} already exists`);
    expect(readFileSync(rej, 'utf8')).toBe('old rejects');
    expect(readdirSync(dir)).toEqual(['rejected.csv']);
  });

  it('a destination in a folder that does not exist, or that is a folder: exit 2, a clear message', async () => {
    const dir = tempDir();
    const missing = await cli(['contacts', 'convert', fx('bom.csv'), '--out', join(dir, 'nope', 'contacts.json')]);
    expectFailure(missing, 2);
    expect(missing.stderr).toMatch(/^error: --out: cannot write .*: the folder .*nope does not exist/m);
    mkdirSync(join(dir, 'sub'));
    const folder = await cli(['contacts', 'convert', fx('bom.csv'), '--out', join(dir, 'sub'), '--force']);
    expectFailure(folder, 2);
    expect(folder.stderr).toMatch(/--out: .*sub is a folder/);
    expect(readdirSync(dir).sort()).toEqual(['sub']);
    expect(readdirSync(join(dir, 'sub'))).toEqual([]);
  });
});

describe('--out is written under a temporary name, then renamed', () => {
  it('while the input is still arriving only a temporary file exists; at the end only the complete file', async () => {
    const dir = tempDir();
    const out = join(dir, 'contacts.json');
    const io = testStreams();
    const env = cliEnv({});
    const argv = ['contacts', 'convert', '-', '--out', out];
    const done = run(argv, { io, env });
    (io.in as PassThrough).write('phone_number,name,company\n+393331234567,Mario Rossi,Acme\n');
    await until(() => readdirSync(dir).length > 0, 5000, 'the temporary file');
    const during = readdirSync(dir);
    expect(during).toHaveLength(1);
    expect(during[0]).toMatch(/^\.contacts\.json\..+\.tmp$/);
    expect(existsSync(out)).toBe(false);
    io.setStdin('+390212345678,Giulia Bianchi,\n');
    const code = await done;
    assertNoSecrets(argv, { code, stdout: io.stdout(), stderr: io.stderr() }, env);
    expect(code, io.stderr()).toBe(0);
    expect(readdirSync(dir)).toEqual(['contacts.json']);
    expect(readFileSync(out, 'utf8')).toBe(BOM_JSON);
  });

  it('an input that fails on its last row leaves nothing, not even the temporary file', async () => {
    const dir = tempDir();
    const out = join(dir, 'contacts.json');
    const rows = Array.from({ length: 2000 }, (_, i) => `+3933312${String(i).padStart(5, '0')},n${i}`).join('\n');
    const r = await cli(['contacts', 'convert', '-', '--out', out], {
      stdin: `phone_number,name\n${rows}\nabc,last\n`,
    });
    expectFailure(r, 2);
    expect(r.stderr).toContain('row 2002, phone_number "abc"');
    expect(readdirSync(dir)).toEqual([]);
  });
});
