// profiles add where the config folder exists but may not be written: the lock beside profiles.json cannot be made,
// and that is said as a permission problem, not as "another voicectl is writing".
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../helpers/cli.js';

// /sys/kernel refuses new entries to everyone, root included (EPERM for root, EACCES otherwise).
const UNWRITABLE = '/sys/kernel';

describe.skipIf(!existsSync(UNWRITABLE))('profiles add in a config folder that may not be written', () => {
  it('says to check its permissions or choose another folder, not to remove a lock; exit 1', async () => {
    const r = await cli(['profiles', 'add', 'x', '--base-url', 'https://api.example.com', '--api-key-stdin'], {
      configDir: UNWRITABLE,
      key: null,
      stdin: 'vk_live_123456789\n',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`voicectl may not write in ${UNWRITABLE}: check its permissions`);
    expect(r.stderr).not.toContain('Another voicectl is writing profiles');
    expect(r.stderr).not.toContain('vk_live_123456789');
    // A folder that can be written (the last good case): the same command stores the profile.
    const ok = await cli(['profiles', 'add', 'x', '--base-url', 'https://api.example.com', '--api-key-stdin'], {
      configDir: tempDir(),
      key: null,
      stdin: 'vk_live_123456789\n',
    });
    expect(ok.code, ok.stderr).toBe(0);
  });
});
