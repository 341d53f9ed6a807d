// --sandbox: starts the sandbox inside this process on a loopback port, with its state loaded from
// (and saved back to) the config dir, and points the command at it with the demo key.
import type { ResolvedConfig } from '../config/resolve.js';
import { asInterrupt, type Factory } from '../factory.js';
import { loadState, lockState, saveState, stateFile } from './persist.js';
import { Sandbox } from './server.js';
import { DEMO, SANDBOX_KEY_PREFIX } from './state.js';

export async function startEmbeddedSandbox(f: Factory): Promise<ResolvedConfig> {
  const file = stateFile(await f.configDir());
  const release = await lockState(file, {
    signal: f.signal,
    onWait: (pid) =>
      f.warn(`sandbox: waiting for another --sandbox command (pid ${pid}) to finish; they share ${file}`),
  }).catch((err: unknown) => {
    throw asInterrupt(err, f.signal);
  });
  let sandbox: Sandbox;
  let baseUrl: string;
  try {
    sandbox = new Sandbox({ state: loadState(file) });
    baseUrl = await sandbox.listen(0, '127.0.0.1');
  } catch (err) {
    release();
    throw err;
  }
  f.onCleanup(async () => {
    try {
      sandbox.advance();
      saveState(file, sandbox.state);
      await sandbox.close();
    } finally {
      release();
    }
  });
  // A sandbox demo key in the environment picks the organization or scopes; any other key is never sent here.
  const envKey = f.env.VOICECTL_API_KEY;
  const useEnv = envKey?.startsWith(SANDBOX_KEY_PREFIX) ?? false;
  f.warn(
    `sandbox: local simulation at ${baseUrl}, organization ${useEnv ? 'from VOICECTL_API_KEY' : DEMO.acme.org.name}; nothing real is called or charged`,
  );
  return {
    baseUrl,
    apiKey: useEnv ? envKey! : DEMO.acme.fullKey,
    source: { baseUrl: '--sandbox', apiKey: useEnv ? 'VOICECTL_API_KEY' : 'sandbox demo key' },
    sandbox: true,
  };
}
