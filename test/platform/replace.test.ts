// A file renamed over another: on Windows a lock held a moment (antivirus, OneDrive) is waited out, one held on
// (Excel shows the file) is said in words with what to do; elsewhere a failure is the failure it is. The lock is
// the rename's answer, given by a stand-in rename; the waits are counted, never slept.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileSystemError } from '../../src/errors.js';
import { replaceFile, replaceFileSync } from '../../src/platform/replace.js';
import { removeTempDirs, tempDir } from '../helpers/cli.js';

afterAll(removeTempDirs);

const fail = (code: string) => Object.assign(new Error(`${code}: resource busy or locked, rename`), { code });

/** A rename that fails with `code` the first `times` calls, then renames. */
function lockedFor(times: number, code = 'EBUSY') {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    async rename(from: string, to: string) {
      calls++;
      if (calls <= times) throw fail(code);
      const { rename } = await import('node:fs/promises');
      await rename(from, to);
    },
  };
}

function files() {
  const dir = tempDir('voicectl-replace-');
  const from = join(dir, '.contacts.json.part');
  const to = join(dir, 'contacts.json');
  writeFileSync(from, 'new');
  writeFileSync(to, 'old');
  return { from, to };
}

describe('replaceFile', () => {
  it('Windows: a lock released within the tries is waited out (EBUSY, EPERM, EACCES)', async () => {
    for (const code of ['EBUSY', 'EPERM', 'EACCES']) {
      const { from, to } = files();
      const waits: number[] = [];
      const locked = lockedFor(8, code);
      await replaceFile(from, to, { platform: 'win32', rename: locked.rename, sleep: async (ms) => waits.push(ms) });
      expect(readFileSync(to, 'utf8')).toBe('new');
      expect(locked.calls).toBe(9);
      expect(waits.reduce((a, b) => a + b)).toBeLessThanOrEqual(1600);
    }
  });
  it('Windows: a lock that lasts is "close it", naming the file, after the last try; the new file stays aside', async () => {
    const { from, to } = files();
    const locked = lockedFor(9);
    const err = await replaceFile(from, to, {
      platform: 'win32',
      rename: locked.rename,
      sleep: async () => undefined,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(FileSystemError);
    expect(err.message).toBe(`could not replace ${to}: another program has it open, or it is read-only (EBUSY)`);
    expect(err.hints.join('\n')).toContain('Close it there (Excel locks a file while it shows it)');
    expect(locked.calls).toBe(9);
    expect(readFileSync(to, 'utf8')).toBe('old');
    expect(existsSync(from)).toBe(true);
  });
  it('Linux and macOS: no retry (EBUSY there is a mount point, EPERM a rule), the error as it is', async () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const { from, to } = files();
      const locked = lockedFor(1, 'EPERM');
      const err = await replaceFile(from, to, { platform, rename: locked.rename, sleep: async () => undefined }).catch(
        (e) => e,
      );
      expect(err.code).toBe('EPERM');
      expect(locked.calls).toBe(1);
    }
  });
  it('Windows: any other failure is not retried', async () => {
    const { from, to } = files();
    const locked = lockedFor(1, 'ENOSPC');
    const err = await replaceFile(from, to, { platform: 'win32', rename: locked.rename }).catch((e) => e);
    expect(err.code).toBe('ENOSPC');
    expect(locked.calls).toBe(1);
  });
  it('renames for real without a stand-in', async () => {
    const { from, to } = files();
    await replaceFile(from, to);
    expect(readFileSync(to, 'utf8')).toBe('new');
  });
});

describe('replaceFileSync', () => {
  it('the same tries, and the same words when the lock lasts', () => {
    let calls = 0;
    const waits: number[] = [];
    const rename = () => {
      calls++;
      throw fail('EPERM');
    };
    expect(() =>
      replaceFileSync('a', 'C:\\x\\sandbox.json', { platform: 'win32', rename, sleep: (ms) => waits.push(ms) }),
    ).toThrow('could not replace C:\\x\\sandbox.json: another program has it open, or it is read-only (EPERM)');
    expect(calls).toBe(9);
    expect(waits).toHaveLength(8);
    calls = 0;
    expect(() => replaceFileSync('a', 'b', { platform: 'linux', rename })).toThrow('EPERM');
    expect(calls).toBe(1);
  });
});
