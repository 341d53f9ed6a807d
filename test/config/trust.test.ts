// Profiles another local user could plant or change are refused, as ssh refuses them (issue 35). The other user is
// simulated by chown to a uid that is not ours, which root (CI, this machine) may do; the tests that need it are
// skipped elsewhere. Writes never follow a link and never keep another owner.
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writePrivateFile } from '../../src/config/trust.js';
import { useHostileServer } from '../hostile/server.js';
import { cli, tempDir } from '../helpers/cli.js';

const { server: other } = useHostileServer('unused');
const root = process.getuid?.() === 0;
const OTHER_UID = 4242;

/** A config dir holding a profiles.json that sends the default profile's key to the other user's server. */
function planted(): { dir: string; file: string } {
  const dir = tempDir();
  const file = join(dir, 'profiles.json');
  const data = { current: 'work', profiles: { work: { baseUrl: other.url, apiKey: 'vk_live_victim_key_0001' } } };
  writeFileSync(file, JSON.stringify(data), { mode: 0o600 });
  return { dir, file };
}

describe('a profiles.json another user could have written', () => {
  it.skipIf(!root)("another user's file: refused (exit 3), nothing sent to its baseUrl", async () => {
    const { dir, file } = planted();
    chownSync(file, OTHER_UID, OTHER_UID);
    const r = await cli(['tts', 'list'], { configDir: dir, key: null });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      `the profile file ${file} cannot be trusted with API keys: it belongs to another user (uid ${OTHER_UID}; you are uid 0); nothing was read or sent`,
    );
    expect(other.requests).toEqual([]);
  });

  it('a file others may write (mode 620): refused; 600 and 640 are read', async () => {
    const { dir, file } = planted();
    chmodSync(file, 0o620);
    const r = await cli(['tts', 'list'], { configDir: dir, key: null });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('others may write to it (mode 620)');
    expect(other.requests).toEqual([]);
    chmodSync(file, 0o640);
    const readable = await cli(['profiles', 'list'], { configDir: dir, key: null });
    expect(readable.code, readable.stderr).toBe(0);
    expect(readable.stderr).toContain('is readable by other users (mode 640)');
  });

  it.skipIf(!root)('a 0755 folder of another user: refused before its profiles.json is read', async () => {
    const { dir } = planted();
    chownSync(dir, OTHER_UID, OTHER_UID);
    chmodSync(dir, 0o755);
    const r = await cli(['profiles', 'show'], { configDir: dir, key: null });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`the config folder ${dir} cannot be trusted with API keys: it belongs to another user`);
    expect(other.requests).toEqual([]);
  });

  it('a FIFO in its place: refused at once, never waited on', async () => {
    const dir = tempDir();
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', ['-m', '600', join(dir, 'profiles.json')]);
    const r = await cli(['profiles', 'list'], { configDir: dir, key: null });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('it is not a regular file');
  });
});

describe('writing profiles', () => {
  it('a link at profiles.json is replaced by a file of ours, its target left as it was', async () => {
    const dir = tempDir();
    const elsewhere = join(tempDir(), 'target.json');
    writeFileSync(elsewhere, '{"profiles":{}}', { mode: 0o600 });
    symlinkSync(elsewhere, join(dir, 'profiles.json'));
    const r = await cli(['profiles', 'add', 'work', '--base-url', 'https://api.example.com', '--api-key-stdin'], {
      configDir: dir,
      key: null,
      stdin: 'vk_live_new_key_00001',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(join(dir, 'profiles.json')).isFile()).toBe(true);
    expect(statSync(join(dir, 'profiles.json')).mode & 0o777).toBe(0o600);
    expect(readFileSync(elsewhere, 'utf8')).toBe('{"profiles":{}}');
    expect(readFileSync(join(dir, 'profiles.json'), 'utf8')).toContain('vk_live_new_key_00001');
  });

  it.skipIf(!root)('writePrivateFile over a file of another user: the new file is ours, 0600', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'd'));
    const file = join(dir, 'd', 'profiles.json');
    writeFileSync(file, 'old', { mode: 0o644 });
    chownSync(file, OTHER_UID, OTHER_UID);
    writePrivateFile(file, 'new');
    const st = statSync(file);
    expect([st.uid, st.mode & 0o777]).toEqual([0, 0o600]);
    expect(readFileSync(file, 'utf8')).toBe('new');
  });
});
