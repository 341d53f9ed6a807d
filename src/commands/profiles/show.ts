// profiles show: the configuration a command would use, and where each value comes from.
import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { examples } from '../help.js';
import { knownProfile } from './shared.js';

/** What `--profile <name>` would resolve to (so a --base-url flag still wins, as it would there). */
async function profileConfig(f: Factory, name: string) {
  await knownProfile(f, name);
  const { resolveConfig } = await import('../../config/resolve.js');
  return resolveConfig({ flags: { baseUrl: f.globals().baseUrl, profile: name }, env: f.env, openStore: f.store });
}

export function makeShowCommand(f: Factory, run = showRun): Command {
  const cmd = new Command('show')
    .description(
      'Show the configuration a command would use now, and where each value comes from; with a name, what --profile <name> would use.',
    )
    .argument('[name]', 'a stored profile (default: the one in use)')
    .action((name: string | undefined) => run(f, name));
  return examples(cmd, [
    'voicectl profiles show',
    'voicectl profiles show ci',
    'VOICECTL_PROFILE=ci voicectl profiles show --json',
  ]);
}

async function showRun(f: Factory, name: string | undefined): Promise<void> {
  const [{ hideUrlCredentials, maskKey }, { printRecord }] = await Promise.all([
    import('../../api/redact.js'),
    import('../../io/output.js'),
  ]);
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
