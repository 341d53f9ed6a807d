// `voicectl sandbox` as a user runs it: it prints where it listens and its demo keys, answers, and stops on Ctrl-C.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, KEYS, tempDir } from '../helpers/cli.js';

describe('voicectl sandbox', () => {
  it('serves the API on the printed URL and stops cleanly on Ctrl-C', async () => {
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
    expect(out).toContain(KEYS.acme);
    expect(out).toContain(KEYS.acmeRead);
    expect(out).toContain(KEYS.globex);
    expect(out).toMatch(/Acme Srl \(org_acme\): 100000 tokens/);

    const ok = await fetch(`${url}/v1/messages?limit=1`, { headers: { authorization: `Bearer ${KEYS.acme}` } });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { requestId: string };
    expect(body.requestId).toMatch(/^req_/);
    const noKey = await fetch(`${url}/v1/messages`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: { code: 'unauthorized' }, requestId: expect.any(String) });
    const readOnly = await fetch(`${url}/v1/messages/sms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.acmeRead}` },
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
});
