// Hints that print a command to paste (wait again, follow it, download, start it) quote every id a service sent
// for the shell: pasted, the id is one word and nothing in it runs. It is also made safe for the terminal.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir, virtualClock } from '../helpers/cli.js';
import { json, useHostileServer } from './server.js';

const KEY = 'vk_live_5b7d9f1a3c5e7a9b1d3f';
const { server, run } = useHostileServer(KEY);
const pwned = join(tempDir(), 'pwned');
const ID = `g1 $(touch ${pwned})`;
const QUOTED = `'g1 $(touch ${pwned})'`;

const gen = (id: string, status: string) => ({ id, text: 'hi', status, createdAt: '2026-01-01T00:00:00.000Z' });

/** The words of the command a hint prints, as a POSIX shell reads them back when pasted (run by sh, echoed). */
function pasted(stderr: string, label: string): string[] {
  const line = stderr.split('\n').find((l) => l.includes(label));
  expect(line, stderr).toBeDefined();
  const command = line!.slice(line!.indexOf('voicectl'));
  const out = execFileSync('sh', ['-c', `set -- ${command}; printf '%s\\0' "$@"`], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

function creating(id: string, status = 'processing'): void {
  server.on('POST', '/v1/tts', (_q, res) =>
    json(res, 201, { data: { id, status: 'queued', characterCount: 2 }, requestId: 'r' }),
  );
  server.on('GET', `/v1/tts/${encodeURIComponent(id)}`, (_q, res) => json(res, 200, { data: gen(id, status) }));
}

describe('an id from the service in a hint is quoted for the shell', () => {
  it('tts create --wait that times out: "Wait again with" pastes as one word, nothing runs', async () => {
    creating(ID);
    const r = await run(['tts', 'create', '--text', 'hi', '--wait', '--timeout', '1s'], { clock: virtualClock() });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain(`Wait again with: voicectl tts wait ${QUOTED}`);
    expect(pasted(r.stderr, 'Wait again with')).toEqual(['voicectl', 'tts', 'wait', ID]);
    expect(existsSync(pwned)).toBe(false);
  });

  it('tts create on a terminal: "Follow it with" is quoted', async () => {
    creating(ID);
    const r = await run(['tts', 'create', '--text', 'hi'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Follow it with: voicectl tts wait ${QUOTED}`);
    expect(pasted(r.stderr, 'Follow it with')).toEqual(['voicectl', 'tts', 'wait', ID]);
  });

  it('tts download of a generation not ready: "Wait for it and download in one go" is quoted', async () => {
    // The id as the service names it (the one asked for: an answer about another id is refused, answers.test.ts).
    server.on('GET', `/v1/tts/${encodeURIComponent(ID)}`, (_q, res) => json(res, 200, { data: gen(ID, 'processing') }));
    const out = join(tempDir(), 'a.wav');
    const r = await run(['tts', 'download', ID, '--out', out]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      `Wait for it and download in one go: voicectl tts download ${QUOTED} --wait --out ${out}`,
    );
    expect(pasted(r.stderr, 'in one go')).toEqual(['voicectl', 'tts', 'download', ID, '--wait', '--out', out]);
    expect(existsSync(pwned)).toBe(false);
  });

  it('campaigns create on a terminal: "Start it with" is quoted', async () => {
    server.on('POST', '/v1/campaigns', (_q, res) =>
      json(res, 201, { data: { id: `cmp_1; touch ${pwned}`, name: 'N', status: 'DRAFT' } }),
    );
    const r = await run(
      [
        'campaigns',
        'create',
        '--name',
        'N',
        '--agent',
        'agent_sales',
        '--from',
        '+390212345678',
        '--contacts',
        join(ROOT, 'fixtures/campaigns/contacts.json'),
        '--yes',
      ],
      { tty: true },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Start it with: voicectl campaigns start 'cmp_1; touch ${pwned}'`);
    expect(pasted(r.stderr, 'Start it with')).toEqual(['voicectl', 'campaigns', 'start', `cmp_1; touch ${pwned}`]);
    expect(existsSync(pwned)).toBe(false);
  });

  it('an id with an escape sequence is quoted and made safe for the terminal', async () => {
    creating('g1\x1b]0;owned\x07 x');
    const r = await run(['tts', 'create', '--text', 'hi'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/[\x07\x1b]/);
    expect(r.stderr).toMatch(/Follow it with: voicectl tts wait 'g1.*0;owned.* x'\n/);
  });
});
