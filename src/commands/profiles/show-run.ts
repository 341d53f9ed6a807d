// profiles show: what it runs (the declaration is show.ts). the configuration a command would use, and where each value comes from.
import { hideUrlCredentials, maskKey } from '../../api/redact.js';
import { resolveConfig } from '../../config/resolve.js';
import type { Factory } from '../../factory.js';
import { printRecord } from '../../io/output.js';
import { knownProfile } from './shared.js';

/** What `--profile <name>` would resolve to (so a --base-url flag still wins, as it would there). */
async function profileConfig(f: Factory, name: string) {
  await knownProfile(f, name);
  return resolveConfig({ flags: { baseUrl: f.globals().baseUrl, profile: name }, env: f.env, openStore: f.store });
}

export async function run(f: Factory, { name }: { name?: string }): Promise<void> {
  const cfg = name ? await profileConfig(f, name) : await f.config();
  await printRecord(
    f.io,
    f.output(),
    {
      profile: cfg.profile ?? null,
      // A base URL may carry credentials (https://user:password@host): never printed.
      baseUrl: hideUrlCredentials(cfg.baseUrl),
      baseUrlSource: cfg.source.baseUrl,
      apiKey: maskKey(cfg.apiKey),
      apiKeySource: cfg.source.apiKey,
      configFile: f.globals().sandbox && !name ? null : (await f.store()).path,
    },
    undefined,
    'profile',
  );
}
