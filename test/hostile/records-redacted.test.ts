// A service that echoes the key inside a record gets [redacted] in its place in every format (table, --json,
// -o ndjson, -o csv, -q), in `api` (its raw body, on a terminal and piped, and --paginate), and nothing else of the
// output changes: `api` keeps the rest of the body byte for byte, and audio (binary) is never rewritten.
import { describe, expect, it } from 'vitest';
import type { CliResult } from '../helpers/cli.js';
import { bearer, json, page, useHostileServer } from './server.js';

const KEY = 'vk_live_3e8a1c5f7b9d2e4a6c8f';
const { server, run } = useHostileServer(KEY);

/** Neither the key nor any 8-character part of it in stdout or stderr. */
function expectNoKeyPart(r: CliResult): void {
  const all = r.stdout + r.stderr;
  for (let i = 0; i + 8 <= KEY.length; i++)
    expect(all, `part ${KEY.slice(i, i + 8)}`).not.toContain(KEY.slice(i, i + 8));
}

const gen = (key: string) => ({
  id: 'g1',
  text: `key=${key}`,
  status: 'completed',
  meta: { [`k_${key}`]: [`Bearer ${key}`] },
  createdAt: '2026-01-01T00:00:00.000Z',
});

function echoing(): void {
  server.on('GET', '/v1/tts', (q, res) => json(res, 200, page([gen(bearer(q))], { page: 1, totalPages: 1 })));
  server.on('GET', '/v1/tts/g1', (q, res) => json(res, 200, { data: gen(bearer(q)), requestId: 'r' }));
}

describe('the key echoed in a record', () => {
  it.each([
    ['table (terminal)', ['tts', 'list'], true],
    ['--json list', ['--json', 'tts', 'list'], false],
    ['-o ndjson list', ['-o', 'ndjson', 'tts', 'list'], false],
    ['-o csv list', ['-o', 'csv', 'tts', 'list'], false],
    ['-o csv list (terminal)', ['-o', 'csv', 'tts', 'list'], true],
    ['--json get', ['--json', 'tts', 'get', 'g1'], false],
    ['--json get (terminal)', ['--json', 'tts', 'get', 'g1'], true],
    ['-o ndjson get', ['-o', 'ndjson', 'tts', 'get', 'g1'], false],
    ['-o csv get', ['-o', 'csv', 'tts', 'get', 'g1'], false],
    ['api GET', ['api', 'GET', '/v1/tts/g1'], false],
    ['api GET (terminal)', ['api', 'GET', '/v1/tts/g1'], true],
    ['api --paginate', ['api', 'GET', '/v1/tts', '--paginate'], false],
  ])('%s: [redacted] in its place', async (_name, argv, tty) => {
    echoing();
    const r = await run(argv, { tty });
    expect(r.code, r.stderr).toBe(0);
    expectNoKeyPart(r);
    expect(r.stdout).toContain('key=[redacted]');
  });

  it('piped JSON and ndjson stay valid, every string redacted (keys and nested values too)', async () => {
    echoing();
    const redacted = { ...gen('[redacted]'), meta: { 'k_[redacted]': ['Bearer [redacted]'] } };
    const list = await run(['--json', 'tts', 'list']);
    expect(JSON.parse(list.stdout)).toEqual([redacted]);
    const nd = await run(['-o', 'ndjson', 'tts', 'list']);
    expect(JSON.parse(nd.stdout)).toEqual(redacted);
    const paged = await run(['api', 'GET', '/v1/tts', '--paginate']);
    expect(JSON.parse(paged.stdout)).toEqual(redacted);
    const csv = await run(['-o', 'csv', 'tts', 'list']);
    expect(csv.stdout).toContain('"{""k_[redacted]"":[""Bearer [redacted]""]}"');
  });

  it('api: the rest of the raw body is kept byte for byte, and it stays valid JSON', async () => {
    server.on('GET', '/v1/x', (q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{ "a" :"caf\\u00e9" ,\n "t": "Bearer ${bearer(q)}",  "n": 1.50 }`);
    });
    const r = await run(['api', 'GET', '/v1/x']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('{ "a" :"caf\\u00e9" ,\n "t": "Bearer [redacted]",  "n": 1.50 }\n');
  });

  it('api: a body that is not JSON is redacted as text', async () => {
    server.on('GET', '/v1/x', (q, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`your key is ${bearer(q)}.`);
    });
    const r = await run(['api', 'GET', '/v1/x']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('your key is [redacted].\n');
  });

  it('tts download to stdout: audio is binary and written untouched, even where it holds a part of the key', async () => {
    const audio = `RIFF....WAVE${KEY.slice(0, 12)}Bearer x`;
    server.on('GET', '/v1/tts/g1', (_q, res) =>
      json(res, 200, { data: { id: 'g1', status: 'completed', audioUrl: `${server.url}/audio/g1.wav` } }),
    );
    server.on('GET', '/audio/g1.wav', (_q, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(audio.length) });
      res.end(audio);
    });
    const r = await run(['tts', 'download', 'g1', '--out', '-']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(audio);
  });
});
