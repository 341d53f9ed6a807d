// `voicectl sandbox` as a user runs it: it prints where it listens and its demo keys, answers, and stops on Ctrl-C.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, cli, KEYS, tempDir } from '../helpers/cli.js';
import { SIGNALS_DELIVERED } from '../helpers/capabilities.js';

describe('voicectl sandbox', () => {
  it.skipIf(!SIGNALS_DELIVERED)('serves the API on the printed URL and stops cleanly on Ctrl-C', async () => {
    const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0'], {
      env: { ...process.env, VOICECTL_CONFIG_DIR: tempDir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m && out.includes('Press Ctrl-C')) resolve(m[1]);
      });
      child.on('close', () => reject(new Error(`exited early: ${out} ${err}`)));
    });
    // Keys of this instance: the roles of the demo keys with a random tail; the demo keys themselves open nothing.
    const keyOf = (role: string) => new RegExp(`^ {2}(vk_sandbox_${role}_[0-9a-f]{24}) `, 'm').exec(out)?.[1] ?? '';
    const acme = keyOf('acme_full');
    const acmeRead = keyOf('acme_read');
    expect(acme).not.toBe('');
    expect(acmeRead).not.toBe('');
    expect(keyOf('globex_full')).not.toBe('');
    expect(out).toContain(`export VOICECTL_API_KEY=${acme}`);
    for (const demo of Object.values(KEYS)) expect(out).not.toContain(demo);
    expect(out).toMatch(/Acme Srl \(org_acme\): 100000 tokens/);
    const demo = await fetch(`${url}/v1/messages?limit=1`, { headers: { authorization: `Bearer ${KEYS.acme}` } });
    expect(demo.status).toBe(401);

    const ok = await fetch(`${url}/v1/messages?limit=1`, { headers: { authorization: `Bearer ${acme}` } });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { requestId: string };
    expect(body.requestId).toMatch(/^req_/);
    const noKey = await fetch(`${url}/v1/messages`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: { code: 'unauthorized' }, requestId: expect.any(String) });
    const readOnly = await fetch(`${url}/v1/messages/sms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${acmeRead}` },
      body: '{}',
    });
    expect(readOnly.status).toBe(403);
    expect(((await readOnly.json()) as { error: { message: string } }).error.message).toMatch(/messages:write/);

    const code = await new Promise<number | null>((resolve) => {
      child.on('close', (c) => resolve(c));
      child.kill('SIGINT');
    });
    expect(code).toBe(0);
    expect(err).toMatch(/sandbox stopped/);
  });

  it('rejects a port out of range before starting', async () => {
    const { cli } = await import('../helpers/cli.js');
    const r = await cli(['sandbox', '--port', '65536']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--port: must be 0 to 65535 \(got "65536"\)/);
  });

  it.skipIf(!SIGNALS_DELIVERED)(
    'bound to every interface (--host 0.0.0.0), the printed export is a loopback URL that voicectl accepts',
    async () => {
      const child = spawn(process.execPath, [BIN, 'sandbox', '--host', '0.0.0.0', '--port', '0'], {
        env: { ...process.env, VOICECTL_CONFIG_DIR: tempDir() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const closed = new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      let out = '';
      const exported = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /^ {2}export VOICECTL_BASE_URL=(\S+)$/m.exec(out);
          if (m && out.includes('Press Ctrl-C')) resolve(m[1]);
        });
        void closed.then(() => reject(new Error(`exited early: ${out}`)));
      });
      try {
        expect(out).toMatch(/^voicectl sandbox listening on http:\/\/0\.0\.0\.0:(\d+)$/m);
        const port = /0\.0\.0\.0:(\d+)/.exec(out)![1];
        expect(exported).toBe(`http://127.0.0.1:${port}`);
        const key = /^ {2}export VOICECTL_API_KEY=(\S+)/m.exec(out)![1];
        const r = await cli(['auth', 'status'], { key, env: { VOICECTL_BASE_URL: exported } });
        expect(r.code, r.stderr).toBe(0);
      } finally {
        child.kill('SIGINT');
        expect(await closed).toBe(0);
      }
    },
  );
});
