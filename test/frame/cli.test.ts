// The CLI frame as a user meets it: help, exit codes, configuration precedence, errors, redaction.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetGroup } from '../../src/cli.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, KEYS, spawnCli, startSandbox, tempDir, virtualClock } from '../helpers/cli.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('help and usage', () => {
  it('--help lists every command group with an example', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    for (const g of [
      'tts',
      'voices',
      'campaigns',
      'contacts',
      'messages',
      'calls',
      'api',
      'profiles',
      'auth',
      'completion',
      'sandbox',
    ]) {
      expect(r.stdout).toMatch(new RegExp(`^  ${g} `, 'm'));
    }
    expect(r.stdout).toContain('Examples:');
  });

  it('a switch that conflicts is named without quoting its value ("(got true)" says nothing)', async () => {
    sandbox.log.length = 0;
    const r = await cli(
      ['campaigns', 'create', '--name', 'n', '--agent', 'a', '--from', '+390212345678', '--skip-invalid'],
      { sandbox },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: --skip-invalid: applies to CSV contacts: use it with --contacts file.csv\n');
    expect(r.stderr).not.toContain('got true');
    expect(sandbox.log).toHaveLength(0);
  });

  it('a refused connection through a proxy names the proxy (without its credentials)', async () => {
    // A remote base URL: loopback hosts never go through a proxy (test/config/proxy-loopback.test.ts).
    const r = await cli(['tts', 'get', 'tts_x'], {
      sandbox,
      env: { VOICECTL_BASE_URL: 'https://api.example.invalid', HTTPS_PROXY: 'http://user:s3cret@127.0.0.1:9' },
      clock: virtualClock(),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HTTPS_PROXY is set: the connection goes through the proxy 127.0.0.1:9');
    expect(r.stderr).not.toContain('s3cret');
    const direct = await cli(['tts', 'get', 'tts_x'], {
      sandbox,
      env: { VOICECTL_BASE_URL: 'http://127.0.0.1:9' },
      clock: virtualClock(),
    });
    expect(direct.stderr).toContain('could not connect to 127.0.0.1:9');
    expect(direct.stderr).not.toContain('proxy');
  });

  it('"error" is red on a terminal that allows colors, plain otherwise', async () => {
    const colored = await cli(['tts', 'get', 'tts_missing'], { sandbox, tty: true, color: true });
    expect(colored.code).toBe(4);
    expect(colored.stderr).toMatch(/^\x1b\[31merror\x1b\[39m: /m);
    for (const opts of [{ tty: true, color: false }, { tty: false }]) {
      const plain = await cli(['tts', 'get', 'tts_missing'], { sandbox, ...opts });
      expect(plain.stderr).toMatch(/^error: /m);
      expect(plain.stderr).not.toContain('\x1b[');
    }
    const noColor = await cli(['--no-color', 'tts', 'get', 'tts_missing'], { sandbox, tty: true, color: true });
    expect(noColor.stderr).not.toContain('\x1b[');
  });

  it('a long value in an error is counted and cut by characters, never half an emoji', async () => {
    const r = await cli(['tts', 'create', '--dry-run', '--text', '😀'.repeat(10_001)], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('(10,001 characters)');
    expect(r.stderr).toContain(`"${'😀'.repeat(57)}…"`);
    expect(r.stderr).not.toContain('\uFFFD');
  });

  it('auth status that cannot reach the service says so, not which probe failed first', async () => {
    const r = await cli(['auth', 'status'], {
      env: { VOICECTL_BASE_URL: 'http://127.0.0.1:9' },
      clock: virtualClock(),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'error: could not reach the service at http://127.0.0.1:9: could not connect to 127.0.0.1:9',
    );
    expect(r.stderr).not.toMatch(/(GET|POST) \/v1/);
  });

  it('tts create --wait --out saves the file and does not suggest downloading it again', async () => {
    const dir = tempDir();
    const own = await startSandbox(); // generations of its own: other tests count this file's sandbox's
    Object.assign(own.settings, { ttsQueueMs: 0, ttsProcessMs: 0 });
    const r = await cli(['tts', 'create', '--text', 'Hi', '--out', join(dir, 'hi.wav')], {
      sandbox: own,
      tty: true,
      clock: virtualClock(),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Saved ${join(dir, 'hi.wav')}`);
    expect(r.stderr).not.toContain('Download the audio');
    const plain = await cli(['tts', 'create', '--text', 'Hi', '--wait'], {
      sandbox: own,
      tty: true,
      clock: virtualClock(),
    });
    expect(plain.stderr).toContain('Download the audio: voicectl tts download tts_');
    await own.close();
  });

  it('--version prints the package version', async () => {
    const r = await spawnCli(['--version']);
    expect(r).toMatchObject({ code: 0, stdout: '0.1.0\n' });
  });

  it('an unknown command or option exits 2 without a stack trace', async () => {
    const a = await cli(['nope']);
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/unknown command 'nope'/);
    const b = await cli(['profiles', 'list', '--bogus']);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/unknown option '--bogus'/);
    expect(a.stderr + b.stderr).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('finds the command group behind global options', () => {
    expect(targetGroup(['--profile', 'x', '-o', 'json', 'tts', 'list'])).toBe('tts');
    expect(targetGroup(['--json', 'campaigns'])).toBe('campaigns');
    expect(targetGroup(['--request-timeout', '5'])).toBeUndefined();
    // Short flags grouped as commander reads them: the last of a group takes the next word, or the rest of its own.
    expect(targetGroup(['-qo', 'json', 'tts', 'list'])).toBe('tts');
    expect(targetGroup(['-ojson', 'tts', 'list'])).toBe('tts');
    expect(targetGroup(['-oq', 'tts', 'list'])).toBe('tts');
  });

  it('grouped short global flags before the command (-qo json): the command runs', async () => {
    const own = await startSandbox();
    try {
      await cli(['tts', 'create', '--text', 'Grouped'], { sandbox: own });
      const r = await cli(['-qo', 'json', 'tts', 'list'], { sandbox: own });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^tts_\w+$/m);
      // -o takes the rest of its word: `-oq` is --output q, refused naming the flag.
      const bad = await cli(['-oq', 'tts', 'list'], { sandbox: own });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--output: must be one of table, json, ndjson, csv (got "q")');
    } finally {
      await own.close();
    }
  });

  it('global options work after the subcommand too', async () => {
    const r = await cli(['profiles', 'list', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
  });

  it('a bad global value exits 2 naming the flag', async () => {
    const r = await cli(['profiles', 'show', '--request-timeout', 'abc'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--request-timeout: must be a duration such as 90, 90s, 10m or 1h .*\(got "abc"\)/);
    const o = await cli(['profiles', 'list', '-o', 'yaml']);
    expect(o.code).toBe(2);
    expect(o.stderr).toMatch(/--output/);
  });
});

describe('configuration', () => {
  it('no base URL: exit 3 with what to do', async () => {
    const r = await cli(['auth', 'status'], { key: 'k_123456' });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/error: no base URL configured/);
    expect(r.stderr).toMatch(/--sandbox/);
  });

  it('no key: exit 3', async () => {
    const r = await cli(['auth', 'status'], { sandbox, key: null });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/no API key configured/);
  });

  it('plain http:// to a remote host is refused before anything is sent', async () => {
    const before = sandbox.log.length;
    const r = await cli(['auth', 'status', '--base-url', 'http://api.example.com']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refusing to send the API key over plain http:\/\/ to api\.example\.com/);
    expect(sandbox.log.length).toBe(before);
  });

  it('precedence: flag > environment > VOICECTL_PROFILE > default profile', async () => {
    const configDir = tempDir();
    const add = (name: string, url: string, key: string) =>
      cli(['profiles', 'add', name, '--base-url', url, '--api-key-stdin'], { configDir, key: null, stdin: key });
    expect((await add('first', 'https://first.example.com', 'key_first_1111')).code).toBe(0);
    expect((await add('second', 'https://second.example.com', 'key_second_2222')).code).toBe(0);
    const show = async (args: string[], env: Record<string, string> = {}) => {
      const r = await cli(['profiles', 'show', '--json', ...args], { configDir, key: null, env });
      expect(r.code).toBe(0);
      return JSON.parse(r.stdout);
    };
    // default profile: the first one added
    expect(await show([])).toMatchObject({
      profile: 'first',
      baseUrl: 'https://first.example.com',
      apiKey: '****1111',
    });
    // selected profile beats the default
    expect(await show(['--profile', 'second'])).toMatchObject({
      baseUrl: 'https://second.example.com',
      apiKey: '****2222',
    });
    expect(await show([], { VOICECTL_PROFILE: 'second' })).toMatchObject({ baseUrl: 'https://second.example.com' });
    // environment beats profiles, except an explicit --profile (test/frame/profiles.test.ts)
    expect(
      await show([], {
        VOICECTL_PROFILE: 'second',
        VOICECTL_BASE_URL: 'https://env.example.com',
        VOICECTL_API_KEY: 'key_env_3333',
      }),
    ).toMatchObject({
      baseUrl: 'https://env.example.com',
      baseUrlSource: 'VOICECTL_BASE_URL',
      apiKey: '****3333',
      apiKeySource: 'VOICECTL_API_KEY',
    });
    // a flag beats the environment (with a key of its own: a profile's stays with its URL, test/config/key-binding)
    expect(
      await show(['--base-url', 'https://flag.example.com'], {
        VOICECTL_BASE_URL: 'https://env.example.com',
        VOICECTL_API_KEY: 'key_env_3333',
      }),
    ).toMatchObject({
      baseUrl: 'https://flag.example.com',
      baseUrlSource: 'flag --base-url',
    });
    // `profiles use` changes the default
    expect((await cli(['profiles', 'use', 'second'], { configDir, key: null })).code).toBe(0);
    expect(await show([])).toMatchObject({ profile: 'second' });
    // an unknown selected profile is an error naming the known ones
    const r = await cli(['profiles', 'show', '--profile', 'nope'], { configDir, key: null });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no profile named "nope".*\n.*first, second/);
  });
});

describe('profiles', () => {
  it('stores keys 0600 in a 0700 directory and never prints them', async () => {
    const configDir = join(tempDir(), 'nested');
    const key = 'vk_live_supersecret_9876';
    const r = await cli(['profiles', 'add', 'work', '--base-url', 'https://api.example.com', '--api-key-stdin'], {
      configDir,
      key: null,
      stdin: `${key}\n`,
    });
    expect(r.code).toBe(0);
    expect(statSync(join(configDir, 'profiles.json')).mode & 0o777).toBe(0o600);
    expect(statSync(configDir).mode & 0o777).toBe(0o700);
    const list = await cli(['profiles', 'list'], { configDir, key: null });
    expect(JSON.parse(list.stdout)).toEqual([
      { name: 'work', baseUrl: 'https://api.example.com', apiKey: '****9876', default: true },
    ]);
    const table = await cli(['profiles', 'list'], { configDir, key: null, tty: true });
    expect(table.stdout).toMatch(/NAME\s+BASE URL\s+KEY/);
    expect(table.stdout).toMatch(/\*\s+work\s+https:\/\/api\.example\.com\s+\*\*\*\*9876/);
    for (const out of [r, list, table]) expect(out.stdout + out.stderr).not.toContain(key);
  });

  it('warns that --api-key lands in shell history', async () => {
    const r = await cli(['profiles', 'add', 'x', '--base-url', 'https://a.example.com', '--api-key', 'k_flag_0000'], {
      key: null,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/shell history/);
  });

  it('without a terminal and without --api-key-stdin it asks for nothing and exits 2', async () => {
    const r = await cli(['profiles', 'add', 'x', '--base-url', 'https://a.example.com'], { key: null });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--api-key-stdin/);
  });

  it('rejects a profile with plain http:// to a remote host', async () => {
    const r = await cli(['profiles', 'add', 'x', '--base-url', 'http://a.example.com', '--api-key-stdin'], {
      key: null,
      stdin: 'k',
    });
    expect(r.code).toBe(2);
  });

  it('removes a profile; removing an unknown one exits 2', async () => {
    const configDir = tempDir();
    await cli(['profiles', 'add', 'a', '--base-url', 'https://a.example.com', '--api-key-stdin'], {
      configDir,
      key: null,
      stdin: 'k1234',
    });
    expect((await cli(['profiles', 'remove', 'a'], { configDir, key: null })).code).toBe(0);
    expect(JSON.parse((await cli(['profiles', 'list'], { configDir, key: null })).stdout)).toEqual([]);
    expect((await cli(['profiles', 'remove', 'a'], { configDir, key: null })).code).toBe(2);
  });
});

describe('errors from the API', () => {
  it('a key the API refuses: exit 3, status, code and requestId, and a hint', async () => {
    const r = await cli(['auth', 'status'], { sandbox, key: 'vk_not_a_real_key_0000' });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: the API key is not valid$/m);
    expect(r.stderr).toMatch(/status 401 · code unauthorized · requestId req_[0-9a-f]+/);
    expect(r.stderr).toMatch(/profiles add/);
  });

  it('--json adds a JSON error object on stderr', async () => {
    const r = await cli(['auth', 'status', '--json'], { sandbox, key: 'vk_not_a_real_key_0000' });
    const last = JSON.parse(r.stderr.trim().split('\n').at(-1)!);
    expect(last).toMatchObject({
      error: { code: 'unauthorized', status: 401, requestId: expect.stringMatching(/^req_/), exitCode: 3 },
    });
    expect(r.stdout).toBe('');
  });

  it('--debug logs requests with the key redacted', async () => {
    const r = await cli(['auth', 'status', '--debug'], { sandbox });
    expect(r.stderr).toMatch(/\[debug\] > GET http:\/\/127\.0\.0\.1:\d+\/v1\/tts\?limit=1/);
    expect(r.stderr).toMatch(/authorization: Bearer \[redacted\]/);
    expect(r.stderr).toMatch(/\[debug\] < 200 \d+ ms/);
    expect(r.stdout + r.stderr).not.toContain(KEYS.acme);
  });
});

describe('auth status', () => {
  it('lists the scopes a read-only key can use', async () => {
    const r = await cli(['auth', 'status'], { sandbox, key: KEYS.acmeRead });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).scopes).toEqual({
      'tts:read': true,
      'tts:write': false,
      'campaigns:read': true,
      'campaigns:write': false,
      'messages:read': true,
      'messages:write': false,
    });
  });

  it('creates nothing while probing write scopes', async () => {
    const r = await cli(['auth', 'status'], { sandbox });
    expect(JSON.parse(r.stdout).scopes).toMatchObject({
      'tts:write': true,
      'campaigns:write': true,
      'messages:write': true,
    });
    expect(sandbox.state.generations).toHaveLength(0);
    expect(sandbox.state.campaigns).toHaveLength(0);
  });
});

describe('profile file permissions', () => {
  it('warns when the file is readable by others, and a write makes it 0600 again', async () => {
    const { chmodSync } = await import('node:fs');
    const configDir = tempDir();
    const file = join(configDir, 'profiles.json');
    await cli(['profiles', 'add', 'a', '--base-url', 'https://a.example.com', '--api-key-stdin'], {
      configDir,
      key: null,
      stdin: 'k_aaaa1111',
    });
    chmodSync(file, 0o644);
    const shown = await cli(['profiles', 'list'], { configDir, key: null });
    expect(shown.stderr).toMatch(/readable by other users \(mode 644\); run: chmod 600/);
    await cli(['profiles', 'add', 'b', '--base-url', 'https://b.example.com', '--api-key-stdin'], {
      configDir,
      key: null,
      stdin: 'k_bbbb2222',
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = await cli(['profiles', 'list'], { configDir, key: null });
    expect(again.stderr).not.toMatch(/readable by other users/);
  });
});

describe('a damaged profile file', () => {
  it('is a clear error naming the file, not a crash', async () => {
    const { writeFileSync } = await import('node:fs');
    const configDir = tempDir();
    writeFileSync(join(configDir, 'profiles.json'), '{"profiles": {', { mode: 0o600 });
    const r = await cli(['profiles', 'list'], { configDir, key: null });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the profile file .*profiles\.json cannot be read/);
    expect(r.stderr).not.toMatch(/unexpected failure/);
  });
});
