// sandbox stop: stops the background sandbox of --sandbox; its state stays for the next one.
import { configDir } from '../../config/paths.js';
import type { Factory } from '../../factory.js';
import { terminalSafe } from '../../io/safe.js';
import { stopService } from '../../sandbox/service.js';

export async function run(f: Factory): Promise<void> {
  const stopped = await stopService(configDir(f.env));
  f.log.warn(
    stopped
      ? `sandbox stopped (pid ${stopped.pid}, ${terminalSafe(String(stopped.url))})`
      : 'no background sandbox was running',
  );
}
