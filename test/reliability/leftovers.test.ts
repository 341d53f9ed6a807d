// SIGKILL cannot be caught: a killed run leaves its temporary file. A later run writing the same file removes
// those of its own pattern whose process is gone, and nothing else.
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, startSandbox, tempDir } from '../helpers/cli.js';

/** The pid of a process that has ended. */
const deadPid = spawnSync(process.execPath, ['-e', '']).pid as number;

/** A folder with leftovers: a dead run's (to remove), a running process's (pid 1), another file's, a folder. */
function withLeftovers(name: string, suffix: string): { dir: string; kept: string[] } {
  const dir = tempDir();
  const kept = [
    `.${name}.1-0badcafe.${suffix}`,
    `.other.${name}.${deadPid}-deadbeef.${suffix}`,
    `.${name}.${deadPid}-deadbeef.${suffix}x`,
  ];
  for (const n of [`.${name}.${deadPid}-deadbeef.${suffix}`, ...kept])
    writeFileSync(join(dir, n), 'partial', { mode: 0o600 });
  return { dir, kept };
}

describe('leftovers of a killed run', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('contacts convert --out removes .c.json.<dead pid>-<hex>.tmp, only that', async () => {
    const { dir, kept } = withLeftovers('c.json', 'tmp');
    const input = join(dir, 'in.csv');
    writeFileSync(input, 'name,phone\nAda,+14155550100\n');
    const r = await cli(['contacts', 'convert', input, '--out', join(dir, 'c.json')]);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([...kept, 'c.json', 'in.csv'].sort());
  });

  it('tts download --out removes .a.wav.<dead pid>-<hex>.part, only that', async () => {
    const { dir, kept } = withLeftovers('a.wav', 'part');
    const c = await cli(['tts', 'create', '-q', '--wait', '--text', 'Hello'], { sandbox });
    expect(c.code, c.stderr).toBe(0);
    const r = await cli(['tts', 'download', c.stdout.trim(), '--out', join(dir, 'a.wav')], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([...kept, 'a.wav'].sort());
  });
});
