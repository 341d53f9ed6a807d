// A server that echoes the key back (in x-request-id, in error.code, message, details, an HTML title, a body that is
// not JSON, a cut of it) never gets it printed: not in the error line, not in the --json error object, not in
// --debug lines, not in hints. Nor does any part of the key of 8 characters or more, nor URL credentials.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactor } from '../../src/api/redact.js';
import type { CliResult } from '../helpers/cli.js';
import { expectFailure } from '../reliability/helpers.js';
import { bearer, json, useHostileServer } from './server.js';

const KEY = 'sk_live_4f9c2a7e1b3d8e6f0a5c';
const { server, run } = useHostileServer(KEY);

/** Neither the key nor any 8-character part of it anywhere in the output. */
function expectNoKeyPart(r: CliResult, key = KEY): void {
  const all = r.stdout + r.stderr;
  for (let i = 0; i + 8 <= key.length; i++)
    expect(all, `part ${key.slice(i, i + 8)}`).not.toContain(key.slice(i, i + 8));
}

describe('a server that echoes the key', () => {
  it.each([
    ['in x-request-id', { headers: (k: string) => ({ 'x-request-id': `Bearer ${k}` }), body: () => ({}) }],
    ['in error.code', { headers: () => ({}), body: (k: string) => ({ error: { code: k, message: 'no' } }) }],
    [
      'in message and details, cut',
      {
        headers: () => ({}),
        body: (k: string) => ({
          error: { message: `key ${k.slice(2, 20)} refused`, details: [{ field: k.slice(5), message: k.slice(0, 9) }] },
        }),
      },
    ],
    ['in the requestId of the body', { headers: () => ({}), body: (k: string) => ({ error: 'no', requestId: k }) }],
  ])('%s: not in the error line, the --json object or --debug', async (_name, echo) => {
    server.on('GET', '/v1/campaigns/cmp_1', (q, res) => json(res, 403, echo.body(bearer(q)), echo.headers(bearer(q))));
    const r = await run(['campaigns', 'show', 'cmp_1', '--json', '--debug']);
    expectFailure(r, 3);
    expectNoKeyPart(r);
    expect(r.stderr).toContain('[redacted]');
    const obj = JSON.parse(r.stderr.trim().split('\n').pop()!);
    expect(obj.error.exitCode).toBe(3);
  });

  it('in an HTML page title and in a 2xx body that is not JSON', async () => {
    server.on('GET', '/v1/campaigns/cmp_1', (q, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(`<html><title>bad key ${bearer(q)}</title></html>`);
    });
    server.on('GET', '/v1/campaigns/cmp_2', (q, res) => {
      res.writeHead(200, { 'x-request-id': bearer(q).slice(4) });
      res.end(`upstream says ${bearer(q)}`);
    });
    for (const id of ['cmp_1', 'cmp_2']) {
      const r = await run(['campaigns', 'show', id, '--debug', '--json'], { tty: true });
      expect(r.code).toBe(1);
      expectNoKeyPart(r);
    }
  });

  it('in a record: the table and the --debug lines show it redacted', async () => {
    server.on('GET', '/v1/campaigns/cmp_1', (q, res) =>
      json(res, 200, { data: { id: 'cmp_1', name: `named ${bearer(q)}`, contacts: [{ phone_number: bearer(q) }] } }),
    );
    const r = await run(['campaigns', 'show', 'cmp_1', '--debug'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expectNoKeyPart(r);
    expect(r.stdout).toContain('named [redacted]');
    expect(r.stderr).toContain('[debug] < {"data":{"id":"cmp_1","name":"named [redacted]"');
  });
});

describe('credentials in URLs', () => {
  it('auth status with a base URL holding user:password prints neither', async () => {
    server.on('*', '/v1/tts', (_q, res) =>
      json(res, 200, { data: [], pagination: { page: 1, limit: 1, total: 0, totalPages: 0 } }),
    );
    const base = server.url.replace('http://', 'http://alice:s3cr3t-passw0rd@');
    for (const tty of [true, false]) {
      const r = await run(['auth', 'status'], { tty, env: { VOICECTL_BASE_URL: base } });
      expect(r.stdout + r.stderr).not.toContain('s3cr3t-passw0rd');
      expect(r.stdout + r.stderr).not.toContain('alice');
      expect(r.stdout).toContain('[redacted]@127.0.0.1');
    }
  });

  it('a base URL refused for plain http names the host, not the password', async () => {
    const r = await run(['campaigns', 'show', 'cmp_1'], {
      env: { VOICECTL_BASE_URL: 'http://bob:pa55word-xyz@api.example.com' },
    });
    expectFailure(r, 2);
    expect(r.stderr).not.toContain('pa55word-xyz');
    expect(server.requests).toHaveLength(0);
  });
});

/** A window that mixes letters, digits and symbols: never ordinary data (a run of digits is a phone number). */
const mixes = (w: string) => [/[a-z]/i, /\d/, /[^a-z\d]/i].filter((r) => r.test(w)).length >= 2;

describe('property: no distinctive part of the key of 8 characters or more survives redaction', () => {
  it('random keys, echoed whole, cut or repeated inside random text', () => {
    const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_'.split(''));
    fc.assert(
      fc.property(
        fc.array(alnum, { minLength: 16, maxLength: 48 }).map((a) => a.join('')),
        fc.array(fc.tuple(fc.string({ maxLength: 12 }), fc.nat(), fc.nat()), { maxLength: 5 }),
        (key, pieces) => {
          const text = pieces
            .map(([noise, a, b]) => {
              const from = a % key.length;
              return noise + key.slice(from, from + 8 + (b % key.length));
            })
            .join('');
          const out = redactor([key])(text);
          for (let i = 0; i + 8 <= key.length; i++) {
            const w = key.slice(i, i + 8);
            if (mixes(w)) expect(out).not.toContain(w);
          }
          if (text.includes(key)) expect(out).not.toContain(key);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('redaction neither hides data nor is hidden by invisible characters', () => {
  const key = 'ka_full_0123456789';
  const redact = redactor([key]);
  it('a phone number holding 8 digits of the key is shown whole; the key and its mixed parts are not', () => {
    expect(redact('caller +390212345678, plan for +39 0123456789')).toBe(
      'caller +390212345678, plan for +39 0123456789',
    );
    expect(redact(`key ${key}`)).toBe('key [redacted]');
    expect(redact('echo: full_0123456')).toBe('echo: [redacted]');
  });

  it('a key with zero-width characters between its letters is redacted, invisible characters and all', () => {
    const split = [...key].join('\u200b');
    expect(redact(`x ${split} y`)).toBe('x [redacted] y');
    expect(redact(`x ${key.slice(0, 4)}\u2060${key.slice(4)} y`)).toBe('x [redacted] y');
    // An astral invisible character (a tag) inside the key.
    expect(redact(`${key.slice(0, 9)}\u{e0041}${key.slice(9)}`)).toBe('[redacted]');
  });
});

describe('redactor', () => {
  const redact = redactor([KEY]);
  it.each([
    [KEY, '[redacted]'],
    [`a${KEY.slice(0, 8)}b`, 'a[redacted]b'],
    [`${KEY.slice(0, 7)} x`, `${KEY.slice(0, 7)} x`],
    [`${KEY.slice(10, 18)}`, '[redacted]'],
    [`x${KEY.slice(3)}${KEY.slice(0, 9)}`, 'x[redacted][redacted]'],
    ['https://u:p@host/x', 'https://[redacted]@host/x'],
    ['Bearer abc.def', 'Bearer [redacted]'],
  ])('%j becomes %j', (input, output) => {
    expect(redact(input)).toBe(output);
  });
});
