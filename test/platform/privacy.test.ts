// Who else can reach the API keys: POSIX modes on Linux and macOS; on Windows, where every writable file reports
// mode 0666, the stance of src/platform/privacy.ts (the user's profile folder is private by its ACL; a config dir
// outside it is warned about). Windows is asked for through the host, on this machine's files.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openFileMode, outsideProfile, sharedFolder } from '../../src/platform/privacy.js';
import { cli, removeTempDirs, tempDir } from '../helpers/cli.js';

afterAll(removeTempDirs);

const linux = { platform: 'linux' as const, env: {} };
const windows = (USERPROFILE?: string) => ({ platform: 'win32' as const, env: { USERPROFILE } });

/** A folder and a file in it with the modes Windows reports for every writable one. */
function asWindowsReports() {
  const dir = join(tempDir('voicectl-privacy-'), 'Config');
  mkdirSync(dir);
  const file = join(dir, 'profiles.json');
  writeFileSync(file, '{}');
  chmodSync(dir, 0o777);
  chmodSync(file, 0o666);
  return { dir, file };
}

describe('sharedFolder and openFileMode', () => {
  it('POSIX: a folder others may write is refused with the chmod that fixes it; 0755 and 0700 are private', () => {
    const { dir, file } = asWindowsReports();
    expect(sharedFolder(dir, linux)).toEqual({
      why: 'is writable by other users (mode 777)',
      fix: `chmod 700 ${dir}`,
    });
    expect(openFileMode(file, linux)).toBe(0o666);
    chmodSync(dir, 0o755);
    chmodSync(file, 0o600);
    expect(sharedFolder(dir, linux)).toBeUndefined();
    expect(openFileMode(file, linux)).toBeUndefined();
    chmodSync(dir, 0o775);
    expect(sharedFolder(dir, linux)?.why).toBe('is writable by other users (mode 775)');
  });
  it('POSIX: a folder of another user is refused', () => {
    const { dir } = asWindowsReports();
    chmodSync(dir, 0o700);
    expect(sharedFolder(dir, linux, 12345)?.why).toBe('belongs to another user');
  });
  it('Windows: modes say nothing (every writable file is 0666), so they refuse nothing', () => {
    const { dir, file } = asWindowsReports();
    expect(sharedFolder(dir, windows('C:\\Users\\jane'), 12345)).toBeUndefined();
    expect(openFileMode(file, windows('C:\\Users\\jane'))).toBeUndefined();
  });
});

describe('outsideProfile (Windows)', () => {
  it('says nothing of %APPDATA% or a folder in the profile, in any case or slash', () => {
    const jane = windows('C:\\Users\\jane');
    expect(outsideProfile('C:\\Users\\jane\\AppData\\Roaming\\voicectl\\Config', jane, 'powershell')).toBeUndefined();
    expect(outsideProfile('c:/users/JANE/voicectl', jane, 'powershell')).toBeUndefined();
    expect(outsideProfile('C:\\Users\\jane', jane, 'powershell')).toBeUndefined();
  });
  it('warns of a folder outside it, a sibling profile included, with the icacls that checks it', () => {
    const jane = windows('C:\\Users\\jane');
    expect(outsideProfile('D:\\shared\\voicectl', jane, 'powershell')).toBe(
      'D:\\shared\\voicectl is outside your user folder (C:\\Users\\jane), whose permissions keep files private on Windows; other users may be able to read the API keys there: check with icacls D:\\shared\\voicectl, or keep VOICECTL_CONFIG_DIR inside your user folder',
    );
    expect(outsideProfile('C:\\Users\\janet\\voicectl', jane, 'cmd')).toContain('icacls C:\\Users\\janet\\voicectl');
    expect(outsideProfile('C:\\My Keys', jane, 'cmd')).toContain('icacls "C:\\My Keys"');
    expect(outsideProfile('C:\\x', windows(), 'cmd')).toContain('C:\\x is outside your user folder, whose');
  });
  it('never on Linux or macOS', () => {
    expect(outsideProfile('/srv/shared', linux, 'posix')).toBeUndefined();
  });
});

describe('profiles on this machine', () => {
  it('a profiles.json others may read is warned about, with the chmod to paste (the POSIX side of the stance)', async () => {
    const configDir = tempDir('voicectl-privacy-cfg-');
    const add = await cli(['profiles', 'add', 'ci', '--base-url', 'https://api.example.com', '--api-key-stdin'], {
      configDir,
      stdin: 'vk_privacy_test_key_1',
    });
    expect(add.code).toBe(0);
    expect(add.stderr).not.toContain('warning');
    chmodSync(join(configDir, 'profiles.json'), 0o644);
    const list = await cli(['profiles', 'list'], { configDir });
    expect(list.stderr).toContain(
      `is readable by other users (mode 644); run: chmod 600 ${join(configDir, 'profiles.json')}`,
    );
  });
});
