// sandbox serve (hidden): the background sandbox itself, started by --sandbox (src/sandbox/service.ts).
import { appendFileSync } from 'node:fs';
import { configDir } from '../../config/paths.js';
import type { Factory } from '../../factory.js';
import { logFile, serve } from '../../sandbox/service.js';

export async function run(f: Factory): Promise<void> {
  const dir = configDir(f.env);
  await serve({ dir, env: f.env, signal: f.signal, log: (line) => appendFileSync(logFile(dir), `${line}\n`) });
}
