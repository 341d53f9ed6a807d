// Prompts on a real terminal, keys typed as a person types them: a confirmation that calls people defaults to
// no, "n" and Enter send nothing, Ctrl-C at a prompt says nothing was sent. Each checked against the sandbox log.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, useSandbox, tempDir } from '../helpers/cli.js';
import { HAS_SCRIPT, onTerminal } from '../helpers/terminal.js';

const FILE = join(ROOT, 'fixtures/campaigns/campaign.json');
const QUESTION = 'Create it and start calling now? (y/N)';

const sandbox = useSandbox();

describe.skipIf(!HAS_SCRIPT)('campaigns create --start on a real terminal', () => {
  const argv = ['campaigns', 'create', '--file', FILE, '--start'];

  it.each([
    ['Enter', '\r'],
    ['n', 'n\r'],
  ])('%s at the confirmation: exit 130, "Nothing was sent.", no request', async (_key, typed) => {
    const r = await onTerminal(argv, [[QUESTION, typed]], { sandbox });
    expect(r.screen).toContain(QUESTION);
    expect(r.screen).toMatch(/Create it and start calling now\? No\n+Nothing was sent\.\n$/);
    expect(r.code).toBe(130);
    expect(sandbox.requests()).toEqual([]);
  });

  it('Ctrl-C at the confirmation: exit 130, "interrupted: nothing was sent", no request', async () => {
    const r = await onTerminal(argv, [[QUESTION, '\x03']], { sandbox });
    expect(r.screen).toMatch(/interrupted: nothing was sent\n$/);
    expect(r.code).toBe(130);
    expect(sandbox.requests()).toEqual([]);
  });

  it('y creates it and starts calling', async () => {
    const r = await onTerminal(argv, [[QUESTION, 'y\r']], { sandbox });
    expect(r.code, r.screen).toBe(0);
    expect(sandbox.requests('POST', '/v1/campaigns')).toHaveLength(1);
  });
});

describe.skipIf(!HAS_SCRIPT)('profiles add on a real terminal', () => {
  it('over an existing name, Enter keeps it: exit 130, "Nothing was changed", the file as it was', async () => {
    const configDir = tempDir();
    const first = await cli(['profiles', 'add', 'work', '--base-url', 'https://work.example.com', '--api-key-stdin'], {
      configDir,
      key: null,
      stdin: 'key_work_1111',
    });
    expect(first.code).toBe(0);
    const before = readFileSync(join(configDir, 'profiles.json'), 'utf8');
    const question = 'Replace profile work (https://work.example.com)? (y/N)';
    const r = await onTerminal(
      ['profiles', 'add', 'work', '--base-url', 'https://new.example.com'],
      [[question, '\r']],
      { configDir, key: null },
    );
    expect(r.screen).toMatch(/Replace profile work \(https:\/\/work\.example\.com\)\? No\n+Nothing was changed/);
    expect(r.code).toBe(130);
    expect(readFileSync(join(configDir, 'profiles.json'), 'utf8')).toBe(before);
  });

  it('Ctrl-C at the hidden key prompt: exit 130, "interrupted: nothing was sent", no file', async () => {
    const configDir = tempDir();
    const r = await onTerminal(
      ['profiles', 'add', 'work', '--base-url', 'https://work.example.com'],
      [['API key for work:', 'vk_typed_half\x03']],
      { configDir, key: null },
    );
    expect(r.screen).toMatch(/interrupted: nothing was sent\n$/);
    expect(r.screen).not.toContain('vk_typed_half');
    expect(r.code).toBe(130);
    expect(existsSync(join(configDir, 'profiles.json'))).toBe(false);
  });
});

describe.skipIf(!HAS_SCRIPT)(
  'colors on a real terminal follow the CLI rule (colorAllowed), not the one of chalk',
  () => {
    const bold = '\x1b[1mRunning';
    it.each([
      ['no CI', {}, true],
      ['CI=false', { CI: 'false' }, true],
      ['CI=0', { CI: '0' }, true],
      ['CI=true', { CI: 'true' }, false],
      ['NO_COLOR=1', { NO_COLOR: '1' }, false],
      ['TERM=dumb', { TERM: 'dumb' }, false],
      ['TERM=dumb FORCE_COLOR=1', { TERM: 'dumb', FORCE_COLOR: '1' }, true],
    ])('%s: bold labels %s', async (_name, env, colored) => {
      const r = await onTerminal(['sandbox', 'status'], [], { env, configDir: tempDir() });
      expect(r.code, r.screen).toBe(0);
      expect(r.screen).toContain('Running');
      expect(r.raw.includes(bold)).toBe(colored);
    });
  },
);
