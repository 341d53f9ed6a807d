// profiles remove: what it runs (the declaration is remove.ts). a stored profile and its key, gone.
import type { Factory } from '../../factory.js';
import { terminalSafe } from '../../io/safe.js';
import { knownProfile } from './shared.js';

export async function run(f: Factory, { name }: { name: string }): Promise<void> {
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
  if (!wasDefault) return f.log.warn(`Removed profile ${terminalSafe(name)}.`);
  f.log.warn(
    next
      ? `Removed profile ${terminalSafe(name)}. The default profile is now ${terminalSafe(next)} (change it with: voicectl profiles use <name>).`
      : `Removed profile ${terminalSafe(name)}. No profiles are left, so there is no default: add one with voicectl profiles add <name> --base-url <url>.`,
  );
}
