// profiles list|use|remove|show: small verbs over the profile store.
import { Command } from 'commander';
import { maskKey } from '../../api/redact.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { printList, printRecord } from '../../io/output.js';
import { examples } from '../help.js';

async function knownProfile(f: Factory, name: string) {
  const store = await f.store();
  const data = store.read();
  if (!(name in data.profiles)) {
    const known = Object.keys(data.profiles);
    throw new UsageError(`no profile named "${name}"`, {
      hints: [
        known.length
          ? `Known profiles: ${known.join(', ')}.`
          : 'No profiles yet: `voicectl profiles add <name> --base-url <url>`.',
      ],
    });
  }
  return store;
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
      await (await knownProfile(f, name)).setCurrent(name);
      f.warn(`Default profile: ${name}`);
    });
  return examples(cmd, ['voicectl profiles use work']);
}

export function makeRemoveCommand(f: Factory): Command {
  const cmd = new Command('remove')
    .alias('rm')
    .description('Delete a stored profile and its key.')
    .argument('<name>', 'profile name')
    .action(async (name: string) => {
      await (await knownProfile(f, name)).removeProfile(name);
      f.warn(`Removed profile ${name}`);
    });
  return examples(cmd, ['voicectl profiles remove old']);
}

export function makeShowCommand(f: Factory): Command {
  const cmd = new Command('show')
    .description('Show the configuration a command would use now, and where each value comes from.')
    .action(async () => {
      const cfg = await f.config();
      await printRecord(
        f.io,
        f.output(),
        {
          profile: cfg.profile ?? null,
          baseUrl: cfg.baseUrl,
          baseUrlSource: cfg.source.baseUrl,
          apiKey: maskKey(cfg.apiKey),
          apiKeySource: cfg.source.apiKey,
          configFile: f.globals().sandbox ? null : (await f.store()).path,
        },
        undefined,
        'profile',
      );
    });
  return examples(cmd, ['voicectl profiles show', 'VOICECTL_PROFILE=ci voicectl profiles show --json']);
}
