// Settings of the environment that other platforms need. VOICECTL_TCP_KEEPALIVE=0 turns TCP keep-alive off on
// voicectl's connections, for Wine (whose connect refuses the option undici sets): requests work the same; anything
// but 0 or 1 is exit 2 naming the variable, and nothing is sent. VOICECTL_SHELL: the shell printed commands are for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, startSandbox } from '../helpers/cli.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('VOICECTL_TCP_KEEPALIVE', () => {
  it.each(['0', '1', ''])('%j: requests go as usual', async (value) => {
    const before = sandbox.requests('GET', '/v1/tts').length;
    const r = await cli(['tts', 'list', '-q'], { sandbox, env: { VOICECTL_TCP_KEEPALIVE: value } });
    expect(r.code, r.stderr).toBe(0);
    expect(sandbox.requests('GET', '/v1/tts')).toHaveLength(before + 1);
  });
  it.each(['2', 'off', 'false'])(
    '%j: exit 2 naming the variable, the rule and the value; nothing sent',
    async (value) => {
      const before = sandbox.requests().length;
      const r = await cli(['tts', 'list', '-q'], { sandbox, env: { VOICECTL_TCP_KEEPALIVE: value } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`VOICECTL_TCP_KEEPALIVE must be 0 (off) or 1 (on, the default) (got "${value}")`);
      expect(sandbox.requests()).toHaveLength(before);
    },
  );
});

describe('VOICECTL_SHELL', () => {
  /** `voicectl sandbox --port 0` stopped as soon as it has printed its lines (a signal aborted before it runs). */
  async function foreground(env: Record<string, string>) {
    const stop = new AbortController();
    stop.abort();
    return cli(['sandbox', '--port', '0', '--host', '127.0.0.1'], { env, signal: stop.signal });
  }
  // The key is this sandbox's own (new at every start): its role's prefix and a random tail.
  it.each([
    ['posix', /^ {2}export VOICECTL_API_KEY=vk_sandbox_acme_full_\w+ {3}# Acme Srl/m],
    ['powershell', /^ {2}\$env:VOICECTL_API_KEY = 'vk_sandbox_acme_full_\w+' {3}# Acme Srl/m],
    ['cmd', /^ {2}set "VOICECTL_API_KEY=vk_sandbox_acme_full_\w+" {3}& REM Acme Srl/m],
  ])('%s: the foreground sandbox prints the lines that set its key in that shell', async (shell, line) => {
    const r = await foreground({ VOICECTL_SHELL: shell });
    expect(r.stdout).toMatch(line);
  });
});
