// A profile's key goes only to its profile's base URL (issue 35). Another local user holding a loopback port that a
// VOICECTL_BASE_URL or a --base-url names (simulated: a server of this test on another port) receives no key: the
// command is refused (exit 3) with how to allow it, before any request. --profile named, or a key from the
// environment, is the user saying which key goes there.
import { describe, expect, it } from 'vitest';
import { useHostileServer } from '../hostile/server.js';
import { cli, KEYS, tempDir, useSandbox } from '../helpers/cli.js';

const sandbox = useSandbox();
const { server: other } = useHostileServer('unused');

async function withProfile(): Promise<string> {
  const configDir = tempDir();
  const r = await cli(['profiles', 'add', 'work', '--base-url', sandbox.url, '--api-key-stdin'], {
    configDir,
    key: null,
    stdin: KEYS.acme,
  });
  expect(r.code, r.stderr).toBe(0);
  return configDir;
}

const keysSeen = () => other.requests.map((q) => q.headers.authorization).filter(Boolean);

describe("a profile's key and a base URL from elsewhere", () => {
  it('VOICECTL_BASE_URL and no key in the environment: refused, exit 3, nothing reaches that URL', async () => {
    const configDir = await withProfile();
    const r = await cli(['tts', 'list'], { configDir, key: null, env: { VOICECTL_BASE_URL: other.url } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      `the API key of profile work is kept for its base URL (${sandbox.url}); VOICECTL_BASE_URL names ${other.url}, and the environment gives no key for it; nothing was sent`,
    );
    expect(r.stderr).toContain("To send that profile's key there, name it: --profile work.");
    expect(r.stderr).toContain('or unset VOICECTL_BASE_URL to use the profile as it is');
    expect(other.requests).toEqual([]);
  });

  it('--base-url the same: refused; with --profile work named, sent there (the user said so)', async () => {
    const configDir = await withProfile();
    const r = await cli(['--base-url', other.url, 'tts', 'list'], { configDir, key: null });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`--base-url names ${other.url}`);
    expect(other.requests).toEqual([]);
    await cli(['--base-url', other.url, '--profile', 'work', 'tts', 'list'], { configDir, key: null });
    expect(keysSeen()).toEqual([`Bearer ${KEYS.acme}`]);
  });

  it("the key from the environment goes to the environment's URL; the profile's own origin takes its key", async () => {
    const configDir = await withProfile();
    await cli(['tts', 'list'], { configDir, key: 'vk_env_key_for_other_1234', env: { VOICECTL_BASE_URL: other.url } });
    expect(keysSeen()).toEqual(['Bearer vk_env_key_for_other_1234']);
    // The profile's URL given again (a path added) is its own origin: its key goes there.
    const same = await cli(['tts', 'list'], { configDir, key: null, env: { VOICECTL_BASE_URL: `${sandbox.url}/` } });
    expect(same.code, same.stderr).toBe(0);
  });
});
