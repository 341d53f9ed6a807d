// A full disk names the file it could not write (the write to a file handle or a stream fails without a path of
// its own): `could not write <path>: no space left on device (ENOSPC)`, exit 1, nothing left behind.
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, startSandbox, tempDir } from '../helpers/cli.js';
import { HAS_DEV_FULL } from '../helpers/capabilities.js';

const CSV = `name,phone\n${Array.from({ length: 2000 }, (_, i) => `Person ${i},+1415555${String(i).padStart(4, '0')}`).join('\n')}\n`;

/** A full tmpfs (root only: skipped where mount is refused). */
function fullDisk(): string | undefined {
  const dir = tempDir('voicectl-full-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  try {
    writeFileSync(join(dir, 'filler'), Buffer.alloc(1 << 20));
  } catch {
    // ENOSPC: the disk is full now
  }
  return dir;
}

const disk = fullDisk();
afterAll(() => {
  if (disk) execFileSync('umount', [disk]);
});

describe.skipIf(!disk)('a full disk (tmpfs)', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('contacts convert --out names the file, exit 1, leaves nothing', async () => {
    const input = join(tempDir(), 'in.csv');
    writeFileSync(input, CSV);
    const out = join(disk as string, 'c.json');
    const r = await cli(['contacts', 'convert', input, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: could not write ${out}: no space left on device (ENOSPC)`);
    expect(readdirSync(disk as string)).toEqual(['filler']);
    expect(r.stderr).toContain('Free some space on that disk');
  });

  it('tts download --out names the file, exit 1, leaves nothing', async () => {
    const c = await cli(['tts', 'create', '-q', '--wait', '--text', 'Hello there, a longer text.'], { sandbox });
    expect(c.code, c.stderr).toBe(0);
    const id = c.stdout.trim();
    const out = join(disk as string, 'a.wav');
    const r = await cli(['tts', 'download', id, '--out', out], { sandbox });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: could not write ${out}: no space left on device (ENOSPC)`);
    expect(readdirSync(disk as string)).toEqual(['filler']);
    // The same download to a disk with room (the last good case) writes it.
    const ok = await cli(['tts', 'download', id, '--out', join(tempDir(), 'a.wav')], { sandbox });
    expect(ok.code, ok.stderr).toBe(0);
  });
});

describe.skipIf(!HAS_DEV_FULL)('--out /dev/full', () => {
  it('contacts convert names the device', async () => {
    const dir = tempDir();
    const input = join(dir, 'in.csv');
    writeFileSync(input, CSV);
    const r = await cli(['contacts', 'convert', input, '--out', '/dev/full', '--force']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: could not write /dev/full: no space left on device (ENOSPC)');
  });
});
