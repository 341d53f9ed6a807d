// Whether the background sandbox of this config dir is running, for `voicectl version`: the info file it writes
// (src/sandbox/service.ts), confirmed by asking it, so a stale file left by a killed sandbox reads as not running.
import { probe, readInfo } from '../../sandbox/service.js';

export interface SandboxStatus {
  /** true or false when known; null when it cannot be told. */
  running: boolean | null;
  /** Where it answers, when running. */
  url: string | null;
  /** One line for people. */
  note: string;
}

export async function sandboxStatus(configDir: string): Promise<SandboxStatus> {
  const info = readInfo(configDir);
  const status = info && (await probe(info, 1000));
  if (!status) {
    return { running: false, url: null, note: 'not running (--sandbox starts it in the background when needed)' };
  }
  return {
    running: true,
    url: status.url,
    note: `running at ${status.url}, version ${status.version} (stop it with: voicectl sandbox stop)`,
  };
}
