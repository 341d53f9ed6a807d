// A base URL holding credentials (https://user:password@host) is shown redacted by every command that shows it:
// profiles show and list (table, JSON, CSV), profiles add, auth status (test/hostile/secrets.test.ts).
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../helpers/cli.js';

const PW = 's3cretpw-9f8e7d';
const URL_WITH_PW = `https://alice:${PW}@api.example.com`;

function expectRedacted(out: string) {
  expect(out).not.toContain(PW);
  expect(out).not.toContain('alice');
  expect(out).toContain('https://[redacted]@api.example.com');
}

async function withProfile(): Promise<string> {
  const configDir = tempDir();
  const r = await cli(['profiles', 'add', 'work', '--base-url', URL_WITH_PW, '--api-key-stdin'], {
    configDir,
    key: null,
    stdin: 'vk_work_123456789',
  });
  expect(r.code).toBe(0);
  expectRedacted(r.stderr);
  return configDir;
}

describe('a base URL with user:password', () => {
  it.each([
    ['a table', [], true],
    ['JSON', ['--json'], false],
    ['CSV', ['-o', 'csv'], false],
  ])('profiles list shows it redacted in %s', async (_what, flags, tty) => {
    const configDir = await withProfile();
    const r = await cli(['profiles', 'list', ...flags], { configDir, key: null, tty });
    expect(r.code).toBe(0);
    expectRedacted(r.stdout + r.stderr);
  });

  it.each([
    ['a table', [], true],
    ['JSON', ['--json'], false],
  ])('profiles show shows it redacted in %s, from a profile and from VOICECTL_BASE_URL', async (_what, flags, tty) => {
    const configDir = await withProfile();
    const fromProfile = await cli(['profiles', 'show', 'work', ...flags], { configDir, key: null, tty });
    expect(fromProfile.code).toBe(0);
    expectRedacted(fromProfile.stdout + fromProfile.stderr);
    const fromEnv = await cli(['profiles', 'show', ...flags], {
      configDir,
      key: 'vk_env_123456789',
      env: { VOICECTL_BASE_URL: URL_WITH_PW },
      tty,
    });
    expect(fromEnv.code).toBe(0);
    expectRedacted(fromEnv.stdout + fromEnv.stderr);
  });

  it('profiles add asking to replace it names it redacted', async () => {
    const configDir = await withProfile();
    const r = await cli(
      ['profiles', 'add', 'work', '--base-url', 'https://api.example.com', '--api-key', 'vk_1234567890'],
      {
        configDir,
        key: null,
      },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('profile work exists (https://[redacted]@api.example.com)');
    expect(r.stderr).not.toContain(PW);
  });
});
