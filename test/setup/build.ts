// Tests that spawn bin/voicectl.js need dist/ to match src/: build it (esbuild, about a second) before the suite.
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  try {
    execSync('npm run build --silent', { cwd: root, stdio: 'pipe' });
  } catch (err) {
    // In-process tests still run; those that spawn the CLI will fail and say why.
    const e = err as { stdout?: Buffer; stderr?: Buffer };
    process.stderr.write(
      `warning: the build failed; tests that spawn bin/voicectl.js will fail\n${e.stderr?.toString() ?? ''}${e.stdout?.toString() ?? ''}\n`,
    );
  }
}
