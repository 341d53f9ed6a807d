// profiles list: what it runs (the declaration is list.ts). the stored profiles, keys masked.
import { hideUrlCredentials, maskKey } from '../../api/redact.js';
import type { Factory } from '../../factory.js';
import { printList } from '../../io/output.js';

export async function run(f: Factory): Promise<void> {
  const data = (await f.store()).read();
  const rows = Object.entries(data.profiles).map(([name, p]) => ({
    name,
    // A base URL may carry credentials (https://user:password@host): never printed.
    baseUrl: hideUrlCredentials(p.baseUrl),
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
}
