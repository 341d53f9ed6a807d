// --sandbox: points the command at the background sandbox of the config dir (service.ts), started when none
// runs, with the demo key.
import { checkApiKey, type ResolvedConfig } from '../config/resolve.js';
import { configDir } from '../config/paths.js';
import type { Factory } from '../factory.js';
import { asInterrupt } from '../io/interrupt.js';
import { terminalSafe } from '../io/safe.js';
import { proveSandbox } from './prove.js';
import { connectService, readInfo } from './service.js';
import { DEMO, keyRole, SANDBOX_KEY_PREFIX } from './state.js';
import { SandboxStoppedError } from '../errors.js';

/**
 * The key this command sends: the instance's key of the role a sandbox key in the environment names
 * (vk_sandbox_acme_read_…: Acme, read-only; its tail is not needed), else the instance's Acme key with every scope.
 */
function instanceKey(keys: Record<string, string> | undefined, envKey: string | undefined): string {
  const role = envKey === undefined ? keyRole(DEMO.acme.fullKey) : keyRole(envKey);
  const mine = Object.values(keys ?? {}).find((k) => keyRole(k) === role);
  if (mine) return mine;
  if (envKey !== undefined) return envKey;
  throw new SandboxStoppedError('the background sandbox did not publish its keys (sandbox.json); nothing was sent', {
    hints: ['Stop it (voicectl sandbox stop) and run the command again.'],
  });
}

export async function connectSandbox(f: Factory): Promise<ResolvedConfig> {
  // A sandbox demo key in the environment picks the organization or scopes; any other key is never sent here.
  // The one it will send is checked as any key is (config/key.ts), before a sandbox is started for it.
  const envKey = f.env.VOICECTL_API_KEY;
  const useEnv = envKey?.startsWith(SANDBOX_KEY_PREFIX) ?? false;
  if (useEnv) checkApiKey(envKey!, 'VOICECTL_API_KEY');
  const baseUrl = await connectService({ dir: configDir(f.env), env: f.env, signal: f.signal, note: f.log.warn }).catch(
    (err: unknown) => {
      throw asInterrupt(err, f.signal);
    },
  );
  f.log.warn(
    `sandbox: local simulation at ${terminalSafe(baseUrl)}, organization ${useEnv ? 'from VOICECTL_API_KEY' : DEMO.acme.org.name}${f.env.VOICECTL_SANDBOX_SCENARIO ? ', scenario from VOICECTL_SANDBOX_SCENARIO' : ''}; nothing real is called or charged`,
  );
  // The instance that answered: every connection this command opens (a long `voicectl --sandbox mcp` opens many,
  // across the sandbox's idle stop) must prove it is still that one.
  const info = readInfo(configDir(f.env));
  return {
    baseUrl,
    proveConnection: (socket) => proveSandbox(socket, baseUrl, info?.url === baseUrl ? info.instance : undefined),
    apiKey: instanceKey(info?.url === baseUrl ? info.keys : undefined, useEnv ? envKey! : undefined),
    source: { baseUrl: '--sandbox', apiKey: useEnv ? 'VOICECTL_API_KEY' : "the sandbox's own key" },
    sandbox: true,
  };
}
