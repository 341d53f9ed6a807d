// npm run bench -- bounds: time and peak memory of the cases README "Security" bounds, against a hostile server in
// this process (an endless JSON body, an endless download with --timeout, pagination that lies). Not a test: the
// tests (test/hostile/) assert these loosely; this measures them.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const KEY = 'vk_live_bench_0123456789abcdef';

/** Exit code, wall time and peak RSS (MB, from GNU time) of one run that is expected to fail. */
function measureFailing(bin, args, env) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', process.execPath, bin, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = err.trim().split('\n');
      resolve({
        code,
        ms: performance.now() - t,
        rssMb: Number(lines.at(-1)) / 1024,
        stderr: lines.slice(0, -1).join('\n'),
      });
    });
  });
}

function hostile() {
  let sent = 0;
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    const url = new URL(req.url, 'http://x');
    const pump = (chunk, type, prefix = '') => {
      res.writeHead(200, { 'content-type': type });
      res.write(prefix);
      let open = true;
      res.on('close', () => (open = false));
      const go = () => {
        while (open) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', go);
        }
      };
      go();
    };
    if (url.pathname === '/v1/campaigns/endless')
      return pump(Buffer.alloc(64 * 1024, 0x20), 'application/json', '{"data":{"name":"');
    if (url.pathname === '/v1/tts/tts_1') {
      const audioUrl = `http://127.0.0.1:${server.address().port}/audio/endless.wav`;
      return res.end(JSON.stringify({ data: { id: 'tts_1', status: 'completed', audioUrl } }));
    }
    if (url.pathname === '/audio/endless.wav') return pump(Buffer.alloc(256 * 1024), 'audio/wav');
    if (url.pathname === '/v1/campaigns') {
      const page = Number(url.searchParams.get('page'));
      const data = page === 1 ? [{ id: 'cmp_1' }] : [];
      return res.end(JSON.stringify({ data, pagination: { page, limit: 100, total: 6_564_900, totalPages: 65_649 } }));
    }
    if (url.pathname === '/v1/messages') {
      // Every page is page 1 again, and totalPages says a million.
      return res.end(
        JSON.stringify({
          data: [{ id: 'msg_1', channel: 'sms', createdAt: '2026-11-23T10:00:00.000Z' }],
          pagination: { page: 1, limit: 100, total: 1e8, totalPages: 1e6 },
        }),
      );
    }
    res.writeHead(404).end();
  });
  return {
    server,
    stats: () => ({ sent, requests }),
    reset: () => {
      sent = 0;
      requests = 0;
    },
  };
}

export async function bounds({ bin, row }) {
  const h = hostile();
  await new Promise((r) => h.server.listen(0, '127.0.0.1', r));
  const env = { VOICECTL_BASE_URL: `http://127.0.0.1:${h.server.address().port}`, VOICECTL_API_KEY: KEY };
  const mb = (n) => `${(n / (1 << 20)).toFixed(0)} MB`;

  h.reset();
  const big = await measureFailing(bin, ['campaigns', 'show', 'endless'], env);
  row(
    '7 bounds',
    'endless JSON body (campaigns show)',
    big.ms,
    '',
    0,
    'stops at 32 MiB, no retry',
    `exit ${big.code}, ${h.stats().requests} request, server wrote ${mb(h.stats().sent)} before the client hung up, peak RSS ${big.rssMb.toFixed(0)} MB`,
  );

  h.reset();
  const dir = mkdtempSync(join(tmpdir(), 'voicectl-bench-bounds-'));
  const dl = await measureFailing(
    bin,
    ['--request-timeout', '2', 'tts', 'download', 'tts_1', '--out', join(dir, 'a.wav')],
    env,
  );
  row(
    '7 bounds',
    'endless download, --timeout 2',
    dl.ms,
    '',
    0,
    'stops at 2 s, nothing kept',
    `exit ${dl.code}, ${mb(h.stats().sent)} received and discarded, files left: ${existsSync(dir) ? readdirSync(dir).length : 0}, peak RSS ${dl.rssMb.toFixed(0)} MB`,
  );

  h.reset();
  const empty = await measureFailing(bin, ['campaigns', 'list', '--all', '-o', 'ndjson'], env);
  row(
    '7 bounds',
    'empty pages before totalPages 65,649',
    empty.ms,
    '',
    0,
    'stops at the first empty page',
    `exit ${empty.code}, ${h.stats().requests} requests (the first page and the window in flight), peak RSS ${empty.rssMb.toFixed(0)} MB`,
  );

  h.reset();
  const repeat = await measureFailing(bin, ['messages', 'list', '--all', '-o', 'ndjson'], env);
  row(
    '7 bounds',
    'every page repeats page 1, totalPages 1,000,000',
    repeat.ms,
    '',
    0,
    'stops at the first repeat',
    `exit ${repeat.code}, ${h.stats().requests} requests, peak RSS ${repeat.rssMb.toFixed(0)} MB`,
  );
  h.server.closeAllConnections();
  await new Promise((r) => h.server.close(r));
}
