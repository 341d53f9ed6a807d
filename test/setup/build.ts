// Tests that spawn bin/voicectl.js need dist/ to match src/: build it (rolldown and the prerendered help, about 1 s
// here) before the suite, unless dist/ was built from exactly these inputs by this Node. The build runs before any
// test can start, so its time is the whole machine's on every run; a hash of the inputs (not their mtimes, which a
// checkout or a copy can leave older than dist/) decides instead.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the build reads: our code, the build script, the dependencies as installed, and the Node running it. */
const INPUTS = [
  'bin',
  'scripts',
  'src',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'node_modules/.package-lock.json',
];

function inputsHash(root: string): string {
  const hash = createHash('sha256').update(`${process.version} ${process.platform} ${process.arch}\n`);
  const add = (rel: string) => {
    const abs = join(root, rel);
    if (!existsSync(abs)) return void hash.update(`${rel} absent\n`);
    if (statSync(abs).isDirectory()) {
      for (const name of readdirSync(abs).sort()) add(join(rel, name));
      return;
    }
    hash.update(`${rel}\n`).update(readFileSync(abs));
  };
  for (const rel of INPUTS) add(rel);
  return hash.digest('hex');
}

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // Inside dist/: a build replaces the whole folder, stamp included.
  const stamp = join(root, 'dist', '.inputs-sha256');
  const want = inputsHash(root);
  if (existsSync(join(root, 'dist', 'cli.js')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  try {
    execSync('npm run build --silent', { cwd: root, stdio: 'pipe' });
    writeFileSync(stamp, want);
  } catch (err) {
    // In-process tests still run; those that spawn the CLI will fail and say why.
    const e = err as { stdout?: Buffer; stderr?: Buffer };
    process.stderr.write(
      `warning: the build failed; tests that spawn bin/voicectl.js will fail\n${e.stderr?.toString() ?? ''}${e.stdout?.toString() ?? ''}\n`,
    );
  }
}
