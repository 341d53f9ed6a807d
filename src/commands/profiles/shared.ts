// What the profiles verbs share: a named profile that must exist.
import type { Factory } from '../../factory.js';

export async function knownProfile(f: Factory, name: string) {
  const store = await f.store();
  const data = store.read();
  if (!(name in data.profiles)) {
    const { unknownProfile } = await import('../../config/resolve.js');
    throw unknownProfile(name, data);
  }
  return { store, data };
}
