// sandbox serve (hidden): the background sandbox itself, started by --sandbox (src/sandbox/service.ts).
import { configDir } from '../../config/paths.js';
import type { Factory } from '../../factory.js';
import { serve } from '../../sandbox/service.js';

export async function run(f: Factory): Promise<void> {
  const dir = configDir(f.env);
  // Its stderr is sandbox.log, opened by the command that started it (never through a link: service.ts).
  // output: the detached sandbox's log file, read by `sandbox status` through terminalSafe.
  await serve({ dir, env: f.env, signal: f.signal, log: (line) => f.io.err.write(`${line}\n`) });
}
