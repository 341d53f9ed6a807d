// Secrets: the API key never reaches stdout, stderr, --debug output, error messages or the sandbox's log; the
// profile file is 0600 in a 0700 folder, re-applied on every write, with a warning when others can read it;
// plain http:// only to loopback; redirects never followed. (Every cli() run also goes through assertNoSecrets.)
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SandboxError } from '../../src/sandbox/http.js';
import { Sandbox } from '../../src/sandbox/server.js';
import { cli, KEYS, ROOT, startSandbox, tempDir, type CliResult } from '../helpers/cli.js';
import { expectFailure } from './helpers.js';
import { shellWord } from '../../src/io/shell.js';

const CAMPAIGN_FILE = join(ROOT, 'fixtures/campaigns/campaign.json');
/** A key the sandbox does not know: what a real user's key looks like. */
const LIVE_KEY = 'vk_live_7d3f9a1c5e8b2046';
const ALL_KEYS = [...Object.values(KEYS), LIVE_KEY];

let sandbox: Sandbox;
/** Answers with the caller's own key in the body: a service that echoes what it got must not make voicectl print it. */
let echo: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
  echo = new Sandbox({
    routes: [
      {
        method: 'GET',
        pattern: '/v1/_echo/json',
        handle: (ctx) => {
          throw new SandboxError(400, 'bad_key', `the key ${ctx.key?.key} is not allowed here`, [
            { field: 'authorization', message: `Bearer ${ctx.key?.key}` },
          ]);
        },
      },
      {
        method: 'GET',
        pattern: '/v1/_echo/text',
        handle: (ctx) => ({
          status: 500,
          raw: { contentType: 'text/plain', data: Buffer.from(`upstream rejected ${ctx.key?.key}\n`) },
        }),
      },
      {
        method: 'POST',
        pattern: '/v1/_echo/json',
        handle: (ctx) => {
          throw new SandboxError(422, 'bad_key', `cannot use ${ctx.key?.key}`);
        },
      },
    ],
  });
  await echo.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await sandbox.close();
  await echo.close();
});
afterEach(() => {
  sandbox.clearFaults();
  sandbox.log.length = 0;
});

function expectNoKey(r: CliResult, keys: string[] = ALL_KEYS): void {
  for (const k of keys) {
    expect(r.stdout.includes(k), `key in stdout:\n${r.stdout}`).toBe(false);
    expect(r.stderr.includes(k), `key in stderr:\n${r.stderr}`).toBe(false);
  }
}

describe('the key never appears in any output', () => {
  const runs: [string, string[], Parameters<Sandbox['addFault']>[0] | undefined][] = [
    ['a successful list', ['campaigns', 'list'], undefined],
    ['a created campaign', ['campaigns', 'create', '--file', CAMPAIGN_FILE, '--yes'], undefined],
    ['a retried 503', ['messages', 'list'], { path: '/v1/messages', status: 503, times: 2 }],
    [
      'a socket closed during a POST',
      ['campaigns', 'create', '--file', CAMPAIGN_FILE, '--yes'],
      { method: 'POST', path: '/v1/campaigns', kind: 'close' },
    ],
    ['a body that is not JSON', ['calls', 'list'], { path: '/v1/calls', kind: 'not-json' }],
    ['a raw request', ['api', 'GET', '/v1/campaigns'], undefined],
    ['a timeout', ['campaigns', 'list', '--request-timeout', '0.1'], { path: '/v1/campaigns', latencyMs: 1000 }],
  ];
  it.each(runs)('--debug of %s: the Authorization header is redacted', async (_name, argv, fault) => {
    if (fault) sandbox.addFault(fault);
    const r = await cli([...argv, '--debug'], { sandbox });
    expectNoKey(r);
    expect(r.stderr).toContain('[debug] > authorization: Bearer [redacted]');
  });

  it('a key the service rejects (401) is not repeated in the error, with --debug and --json', async () => {
    const r = await cli(['campaigns', 'list', '--debug', '--json'], { sandbox, key: LIVE_KEY });
    expectFailure(r, 3);
    expectNoKey(r);
    expect(r.stderr).toMatch(/status 401/);
  });

  it.each([
    ['an error message and its details', ['api', 'GET', '/v1/_echo/json'], 1],
    ['a plain-text error body', ['api', 'GET', '/v1/_echo/text'], 1],
    ['the error of a POST', ['api', 'POST', '/v1/_echo/json', '-F', 'a=1'], 1],
  ])('a key echoed back by the service in %s is redacted', async (_name, argv, exit) => {
    for (const extra of [[], ['--debug'], ['--json']]) {
      const r = await cli([...argv, ...extra], { env: { VOICECTL_BASE_URL: echo.url } });
      expectFailure(r, exit);
      expectNoKey(r);
      expect(r.stderr).toContain('[redacted]');
    }
  });

  it('the sandbox log holds key ids, never keys', async () => {
    await cli(['campaigns', 'list'], { sandbox });
    await cli(['campaigns', 'create', '--file', CAMPAIGN_FILE, '--yes'], { sandbox, key: KEYS.acmeRead });
    await cli(['messages', 'list'], { sandbox, key: LIVE_KEY });
    await cli(['api', 'POST', '/v1/campaigns', '-f', `note=${'x'}`], { sandbox, key: KEYS.globex });
    const log = JSON.stringify(sandbox.requests());
    expect(sandbox.requests().length).toBeGreaterThanOrEqual(4);
    for (const k of ALL_KEYS) expect(log).not.toContain(k);
    expect(sandbox.requests().map((e) => e.keyId)).toEqual([
      'key_acme_full',
      'key_acme_read',
      undefined,
      'key_globex_full',
    ]);
  });
});

describe('profiles', () => {
  const mode = (p: string) => statSync(p).mode & 0o777;
  const add = (cfg: string, name: string, key = LIVE_KEY, extra: string[] = []) =>
    cli(['profiles', 'add', name, '--base-url', 'https://api.example.com', '--api-key-stdin', ...extra], {
      configDir: cfg,
      key: null,
      stdin: key,
    });

  it('the file is 0600 in a 0700 folder; the file mode is re-applied by every command that writes it, the folder is never chmodded again', async () => {
    const cfg = join(tempDir(), 'voicectl');
    const file = join(cfg, 'profiles.json');
    const first = await add(cfg, 'work');
    expect(first.code, first.stderr).toBe(0);
    expect(mode(cfg)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(LIVE_KEY);

    const writes: [string, () => Promise<CliResult>][] = [
      ['profiles add', () => add(cfg, 'ci', 'vk_live_0a1b2c3d4e5f6789')],
      ['profiles use', () => cli(['profiles', 'use', 'ci'], { configDir: cfg, key: null })],
      ['profiles remove', () => cli(['profiles', 'remove', 'ci'], { configDir: cfg, key: null })],
      ['profiles add --force (update)', () => add(cfg, 'work', 'vk_live_fedcba9876543210', ['--force'])],
    ];
    for (const [name, write] of writes) {
      chmodSync(file, 0o644);
      chmodSync(cfg, 0o755);
      const r = await write();
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
      expect(mode(file), name).toBe(0o600);
      expect(mode(cfg), name).toBe(0o755); // the user's choice for a folder that exists
      expectNoKey(r, [...ALL_KEYS, 'vk_live_0a1b2c3d4e5f6789', 'vk_live_fedcba9876543210']);
    }
  });

  it('a profile file others can read gets a warning naming the fix; the keys stay masked', async () => {
    const cfg = join(tempDir(), 'voicectl');
    const file = join(cfg, 'profiles.json');
    expect((await add(cfg, 'work')).code).toBe(0);
    chmodSync(file, 0o644);
    for (const argv of [
      ['profiles', 'list'],
      ['profiles', 'show'],
      ['profiles', 'list', '--json'],
    ]) {
      const r = await cli(argv, { configDir: cfg, key: null });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(
        `warning: ${file} holds API keys and is readable by other users (mode 644); run: chmod 600 ${shellWord(file)}`,
      );
      expectNoKey(r);
      expect(r.stdout).toContain('****');
    }
    chmodSync(file, 0o600);
    const quiet = await cli(['profiles', 'list'], { configDir: cfg, key: null });
    expect(quiet.stderr).not.toContain('warning');
  });

  it('a key used from a profile never appears in --debug output or errors', async () => {
    const cfg = join(tempDir(), 'voicectl');
    const r0 = await cli(['profiles', 'add', 'local', '--base-url', sandbox.url, '--api-key-stdin'], {
      configDir: cfg,
      key: null,
      stdin: KEYS.acme,
    });
    expect(r0.code, r0.stderr).toBe(0);
    const r = await cli(['campaigns', 'show', 'cmp_missing', '--debug', '--json'], { configDir: cfg, key: null });
    expectFailure(r, 4);
    expectNoKey(r);
    expect(sandbox.requests()[0].keyId).toBe('key_acme_full');
  });
});

describe('plain http:// only to loopback', () => {
  it.each([
    'http://api.example.com',
    'http://10.0.0.5:8080',
    'http://localhost.example.com',
    'http://127.0.0.1.nip.io',
    'http://192.168.1.10',
  ])('%s is refused with exit 2 before anything is sent, from a flag, the environment or a profile', async (url) => {
    const flag = await cli(['--base-url', url, 'campaigns', 'list']);
    expectFailure(flag, 2);
    expect(flag.stderr).toContain(`error: refusing to send the API key over plain http:// to ${new URL(url).hostname}`);
    expect(flag.stderr).toContain('Use https://');
    const env = await cli(['campaigns', 'create', '--file', CAMPAIGN_FILE, '--yes'], {
      env: { VOICECTL_BASE_URL: url },
    });
    expectFailure(env, 2);
    expect(env.stderr).toContain('refusing to send the API key over plain http://');
    const cfg = join(tempDir(), 'voicectl');
    const profile = await cli(['profiles', 'add', 'bad', '--base-url', url, '--api-key-stdin'], {
      configDir: cfg,
      key: null,
      stdin: LIVE_KEY,
    });
    expectFailure(profile, 2);
    expect(
      existsSync(join(cfg, 'profiles.json')) && readFileSync(join(cfg, 'profiles.json'), 'utf8').includes(LIVE_KEY),
    ).toBe(false);
  });

  it('loopback over http:// works (the sandbox), under any loopback spelling', async () => {
    const port = new URL(sandbox.url).port;
    for (const host of ['127.0.0.1', 'localhost']) {
      const r = await cli(['campaigns', 'list'], { env: { VOICECTL_BASE_URL: `http://${host}:${port}` } });
      expect(r.code, r.stderr).toBe(0);
    }
  });
});

describe('redirects are never followed', () => {
  let elsewhere: Sandbox;
  beforeAll(async () => {
    elsewhere = await startSandbox();
  });
  afterAll(() => elsewhere.close());
  afterEach(() => {
    elsewhere.log.length = 0;
  });

  it.each([
    [301, ['campaigns', 'list'], 'GET'],
    [302, ['messages', 'list', '--all'], 'GET'],
    [307, ['campaigns', 'create', '--file', CAMPAIGN_FILE, '--yes'], 'POST'],
    [308, ['api', 'POST', '/v1/campaigns', '--input', CAMPAIGN_FILE], 'POST'],
    [302, ['api', 'GET', '/v1/campaigns'], 'GET'],
  ])('%i to another origin: exit 1, says so, nothing reaches the other server', async (status, argv, method) => {
    const target = `${elsewhere.url}/v1/campaigns`;
    sandbox.addFault({ method, kind: 'redirect', status, location: target });
    const r = await cli([...argv, '--debug'], { sandbox });
    expectFailure(r, 1);
    expect(r.stderr).toContain(`error: the service redirected to ${target}; redirects are not followed`);
    expect(r.stderr).toContain('Check the base URL.');
    expect(elsewhere.requests()).toEqual([]);
    expect(sandbox.requests()).toHaveLength(1);
    expectNoKey(r);
  });

  it('a redirect to the same origin is not followed either', async () => {
    sandbox.addFault({ method: 'GET', path: '/v1/calls', kind: 'redirect', location: '/v1/messages' });
    const r = await cli(['calls', 'list'], { sandbox });
    expectFailure(r, 1);
    expect(sandbox.requests().map((e) => e.path)).toEqual(['/v1/calls']);
  });
});
