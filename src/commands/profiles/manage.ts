// profiles list|use|remove|show: small verbs over the profile store.
import { Command } from 'commander';
import { maskKey } from '../../api/redact.js';
import type { Factory } from '../../factory.js';
import { printList, printRecord } from '../../io/output.js';
import { terminalSafe } from '../../io/safe.js';
import { examples } from '../help.js';

async function knownProfile(f: Factory, name: string) {
  const store = await f.store();
  const data = store.read();
  if (!(name in data.profiles)) {
    const { unknownProfile } = await import('../../config/resolve.js');
    throw unknownProfile(name, data);
  }
  return { store, data };
}

export function makeListCommand(f: Factory): Command {
  const cmd = new Command('list')
    .description('List stored profiles (keys masked to their last 4 characters).')
    .action(async () => {
      const data = (await f.store()).read();
      const rows = Object.entries(data.profiles).map(([name, p]) => ({
        name,
        baseUrl: p.baseUrl,
        apiKey: maskKey(p.apiKey),
        default: data.current === name,
      }));
      await printList(f.io, f.output(), rows, {
        idKey: 'name',
        emptyMessage: 'No profiles yet. Add one: voicectl profiles add <name> --base-url <url>',
        columns: [
          { key: 'default', header: '', human: (r) => (r.default ? '*' : '') },
          { key: 'name', header: 'NAME' },
          { key: 'baseUrl', header: 'BASE URL' },
          { key: 'apiKey', header: 'KEY' },
        ],
      });
    });
  return examples(cmd, ['voicectl profiles list', "voicectl profiles list --json | jq -r '.[].name'"]);
}

export function makeUseCommand(f: Factory): Command {
  const cmd = new Command('use')
    .description('Make a profile the default.')
    .argument('<name>', 'profile name')
    .action(async (name: string) => {
      await (await knownProfile(f, name)).store.setCurrent(name);
      f.warn(`Default profile: ${terminalSafe(name)}`);
    });
  return examples(cmd, ['voicectl profiles use work']);
}

export function makeRemoveCommand(f: Factory): Command {
  const cmd = new Command('remove')
    .alias('rm')
    .description('Delete a stored profile and its key.')
    .argument('<name>', 'profile name')
    .action(async (name: string) => {
      const { store } = await knownProfile(f, name);
      // One change under the store's lock: the profile goes, and if it was the default the next one takes its place
      // (commands without --profile use the default: name the next one rather than leave them with none).
      let wasDefault = false;
      let next: string | undefined;
      await store.update((data) => {
        const { [name]: _removed, ...rest } = data.profiles;
        wasDefault = data.current === name;
        next = wasDefault ? Object.keys(rest)[0] : data.current;
        return { current: next, profiles: rest };
      });
      if (!wasDefault) return f.warn(`Removed profile ${terminalSafe(name)}.`);
      f.warn(
        next
          ? `Removed profile ${terminalSafe(name)}. The default profile is now ${terminalSafe(next)} (change it with: voicectl profiles use <name>).`
          : `Removed profile ${terminalSafe(name)}. No profiles are left, so there is no default: add one with voicectl profiles add <name> --base-url <url>.`,
      );
    });
  return examples(cmd, ['voicectl profiles remove old']);
}

/** What `--profile <name>` would resolve to (so a --base-url flag still wins, as it would there). */
async function profileConfig(f: Factory, name: string) {
  await knownProfile(f, name);
  const { resolveConfig } = await import('../../config/resolve.js');
  return resolveConfig({ flags: { baseUrl: f.globals().baseUrl, profile: name }, env: f.env, openStore: f.store });
}

export function makeShowCommand(f: Factory): Command {
  const cmd = new Command('show')
    .description(
      'Show the configuration a command would use now, and where each value comes from; with a name, what --profile <name> would use.',
    )
    .argument('[name]', 'a stored profile (default: the one in use)')
    .action(async (name: string | undefined) => {
      const cfg = name ? await profileConfig(f, name) : await f.config();
      await printRecord(
        f.io,
        f.output(),
        {
          profile: cfg.profile ?? null,
          baseUrl: cfg.baseUrl,
          baseUrlSource: cfg.source.baseUrl,
          apiKey: maskKey(cfg.apiKey),
          apiKeySource: cfg.source.apiKey,
          configFile: f.globals().sandbox && !name ? null : (await f.store()).path,
        },
        undefined,
        'profile',
      );
    });
  return examples(cmd, [
    'voicectl profiles show',
    'voicectl profiles show ci',
    'VOICECTL_PROFILE=ci voicectl profiles show --json',
  ]);
}
