// profiles use: what it runs (the declaration is use.ts). the default profile.
import type { Factory } from '../../factory.js';
import { terminalSafe } from '../../io/safe.js';
import { knownProfile } from './shared.js';

export async function run(f: Factory, { name }: { name: string }): Promise<void> {
  await (await knownProfile(f, name)).store.setCurrent(name);
  f.log.warn(`Default profile: ${terminalSafe(name)}`);
}
