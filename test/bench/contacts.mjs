#!/usr/bin/env node
// Figure 3: `contacts convert` of generated CSVs (100,000 and 1,000,000 rows: main
// number, one alternative, three free fields, national Italian numbers, --default-country IT), wall time and
// peak RSS, next to its floor: a bare Node loop that reads the same lines and validates the same numbers
// with libphonenumber-js alone. Not a test. Run alone: node test/bench/contacts.mjs [--runs N] [--sizes 100000,1000000] [--bin path/to/voicectl.js]
import { spawn } from 'node:child_process';
import {
  closeSync,
  createWriteStream,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin/voicectl.js');
const HERE = fileURLToPath(import.meta.url);
const CITIES = ['Milano', 'Roma', 'Torino', 'Napoli', 'Bologna', 'Firenze', 'Bari', 'Palermo'];

/** Writes `rows` rows: unique mobile numbers (333 + 7 digits) and Milan landlines (02 + 8 digits), as typed by people. */
export async function generateCsv(file, rows) {
  const out = createWriteStream(file);
  const write = (s) => (out.write(s) ? undefined : new Promise((r) => out.once('drain', r)));
  await write('phone_number,contact_attempts.1.phone_number,name,city,customer_code\n');
  let buf = '';
  for (let i = 0; i < rows; i++) {
    const d = String(i).padStart(7, '0');
    buf += `333 ${d.slice(0, 3)} ${d.slice(3)},02 ${String(10000000 + i)},Cliente ${i},${CITIES[i % CITIES.length]},C${d}\n`;
    if (buf.length > 1 << 16) {
      await write(buf);
      buf = '';
    }
  }
  await write(buf);
  await new Promise((r) => out.end(r));
}

/** Bare digits, as a number-formatted column stores them: every reading (as written, a lost +, a lost 0) is tried. */
async function generateBare(file, rows) {
  const out = createWriteStream(file);
  let buf = 'phone_number,name\n';
  for (let i = 0; i < rows; i++) {
    buf += `333${String(i).padStart(7, '0')},Cliente ${i}\n`;
    if (buf.length > 1 << 16) {
      if (!out.write(buf)) await new Promise((r) => out.once('drain', r));
      buf = '';
    }
  }
  out.write(buf);
  await new Promise((r) => out.end(r));
}

/** contacts convert - with the CSV on stdin (copied for the second pass), formatted and bare. */
async function benchStdin(dir, size, bin) {
  const rows = [];
  for (const [name, gen] of [
    ['formatted, stdin', generateCsv],
    ['bare digits, stdin', generateBare],
  ]) {
    const csv = join(dir, `stdin-${size}.csv`);
    await gen(csv, size);
    const r = await measure(
      process.execPath,
      [bin, 'contacts', 'convert', '-', '--default-country', 'IT', '-q', '-o', 'ndjson'],
      csv,
    );
    rows.push({
      figure: '3 contacts at scale',
      subject: `contacts convert ${size.toLocaleString('en-US')} rows, ${name}`,
      value: r.ms,
      floorName: '',
      floor: 0,
      ratio: undefined,
      target: 'RSS <200 MB',
      note: `${Math.round(size / (r.ms / 1000)).toLocaleString('en-US')} rows/s, peak RSS ${r.rssMb.toFixed(0)} MB`,
    });
    rmSync(csv, { force: true });
  }
  return rows;
}

/** The floor: read the lines, split them, parse and validate both numbers with libphonenumber-js/max. */
async function floorLoop(file) {
  const { parsePhoneNumberFromString } = await import(
    pathToFileURL(join(ROOT, 'node_modules/libphonenumber-js/max/index.js')).href
  );
  const { createReadStream } = await import('node:fs');
  let rest = '';
  let valid = 0;
  let header = true;
  const check = (n) => {
    const p = parsePhoneNumberFromString(n, { defaultCountry: 'IT', extract: false });
    if (p?.isValid() && p.number) valid++;
  };
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 16 })) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      if (header) {
        header = false;
        continue;
      }
      const cells = line.split(',');
      check(cells[0]);
      check(cells[1]);
    }
  }
  process.stdout.write(`${valid}\n`);
}

/** Runs a command, returning wall ms and peak RSS (MB) from GNU time, else from /proc/<pid>/status VmHWM. */
function measure(cmd, args, stdinFile) {
  const gnuTime = existsSync('/usr/bin/time');
  const stdin = stdinFile ? openSync(stdinFile, 'r') : 'ignore';
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = gnuTime
      ? spawn('/usr/bin/time', ['-v', cmd, ...args], { stdio: [stdin, 'ignore', 'pipe'] })
      : spawn(cmd, args, { stdio: [stdin, 'ignore', 'pipe'] });
    if (typeof stdin === 'number') closeSync(stdin);
    let stderr = '';
    let hwm = 0;
    child.stderr.on('data', (c) => (stderr += c));
    const poll = gnuTime
      ? undefined
      : setInterval(() => {
          try {
            const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
            if (m) hwm = Math.max(hwm, Number(m[1]));
          } catch {
            // exited
          }
        }, 20);
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - t0;
      if (poll) clearInterval(poll);
      const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      if (m) hwm = Number(m[1]);
      if (code !== 0) return reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`));
      resolve({ ms, rssMb: hwm / 1024 });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Rows for the bench table: one per size, plus the 1M/100k time ratio. `runs` is used for 100k; 1M runs once per 3. */
export async function benchContacts({
  runs = 3,
  sizes = [100_000, 1_000_000],
  tmp,
  bin = BIN,
  stdinRows = 200_000,
} = {}) {
  const dir = mkdtempSync(join(tmp ?? tmpdir(), 'voicectl-contacts-bench-'));
  const rows = [];
  const times = {};
  try {
    for (const size of sizes) {
      const csv = join(dir, `contacts-${size}.csv`);
      await generateCsv(csv, size);
      const out = join(dir, `contacts-${size}.json`);
      const n = size >= 1_000_000 ? Math.max(1, Math.ceil(runs / 3)) : runs;
      const conv = [];
      const floor = [];
      for (let i = 0; i < n; i++) {
        floor.push(await measure(process.execPath, [HERE, '--floor', csv]));
        conv.push(
          await measure(process.execPath, [
            bin,
            'contacts',
            'convert',
            csv,
            '--default-country',
            'IT',
            '--out',
            out,
            '--force',
            '-q',
          ]),
        );
      }
      const ms = median(conv.map((r) => r.ms));
      const floorMs = median(floor.map((r) => r.ms));
      const rss = Math.max(...conv.map((r) => r.rssMb));
      times[size] = ms;
      const outMb = statSync(out).size / 1e6;
      rows.push({
        figure: '3 contacts at scale',
        subject: `contacts convert ${size.toLocaleString('en-US')} rows`,
        value: ms,
        floorName: 'parse+validate loop',
        floor: floorMs,
        ratio: ms / floorMs,
        target: '≤2x floor, RSS <200 MB',
        note: `${Math.round(size / (ms / 1000)).toLocaleString('en-US')} rows/s, peak RSS ${rss.toFixed(0)} MB (floor ${Math.max(...floor.map((r) => r.rssMb)).toFixed(0)} MB), ${outMb.toFixed(0)} MB out, median of ${n}`,
      });
      rmSync(out, { force: true });
      rmSync(csv, { force: true });
    }
    if (stdinRows) rows.push(...(await benchStdin(dir, stdinRows, bin)));
    if (times[100_000] && times[1_000_000]) {
      const r = times[1_000_000] / times[100_000];
      rows.push({
        figure: '3 contacts at scale',
        subject: 'time 1M / time 100k',
        value: `${r.toFixed(1)}x`,
        floorName: '',
        floor: 0,
        ratio: undefined,
        target: '≤11x (linear)',
        note: '',
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] === HERE) {
  const args = process.argv.slice(2);
  if (args[0] === '--floor') {
    await floorLoop(args[1]);
  } else {
    const arg = (name) => {
      const i = args.indexOf(name);
      return i >= 0 ? args[i + 1] : undefined;
    };
    const runs = Number(arg('--runs') ?? 3);
    const sizes = arg('--sizes')?.split(',').map(Number);
    // --bin: a private build (dist/ in a shared working tree may be rebuilt under a long run).
    const stdinRows = arg('--stdin-rows') === undefined ? undefined : Number(arg('--stdin-rows'));
    const rows = await benchContacts({ runs, sizes, bin: arg('--bin'), stdinRows });
    console.log('| subject | time | floor | ratio | target | notes |\n|---|---|---|---|---|---|');
    for (const r of rows) {
      const v = typeof r.value === 'number' ? `${r.value.toFixed(0)} ms` : r.value;
      console.log(
        `| ${r.subject} | ${v} | ${r.floor ? `${r.floor.toFixed(0)} ms` : ''} | ${r.ratio ? `${r.ratio.toFixed(2)}x` : ''} | ${r.target} | ${r.note} |`,
      );
    }
  }
}
