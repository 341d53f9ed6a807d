// A 401 says which key was sent: its last four characters, where it came from (the variable, a profile) and the
// service it went to, so that a refused key can be told from the one meant. The key itself is never printed.
import { describe, expect, it } from 'vitest';
import { cli, tempDir, useSandbox } from '../helpers/cli.js';

const sandbox = useSandbox();
const WRONG = 'vk_sandbox_acme_full_0000wxyz';

describe('a 401', () => {
  it('from VOICECTL_API_KEY: names the variable, the last four characters and the service', async () => {
    const r = await cli(['tts', 'list'], { sandbox, key: WRONG });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`The key sent: ****wxyz from VOICECTL_API_KEY, to ${new URL(sandbox.url).origin}.`);
    expect(r.stderr).not.toContain(WRONG);
  });

  it('from a profile: names the profile', async () => {
    const configDir = tempDir();
    const add = await cli(['profiles', 'add', 'work', '--base-url', sandbox.url, '--api-key-stdin'], {
      configDir,
      key: null,
      stdin: WRONG,
      env: { VOICECTL_BASE_URL: undefined },
    });
    expect(add.code, add.stderr).toBe(0);
    const r = await cli(['--profile', 'work', 'tts', 'list'], { configDir, key: null });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('The key sent: ****wxyz from profile work, to');
    expect(r.stderr).not.toContain(WRONG);
  });
});
