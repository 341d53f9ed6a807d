// What the profiles verbs share: a named profile that must exist.
import type { Factory } from '../../factory.js';

export async function knownProfile(f: Factory, name: string) {
  const store = await f.store();
  const data = store.read();
  const { hasProfile } = await import('../../config/store.js');
  if (!hasProfile(data, name)) {
    const { unknownProfile } = await import('../../config/resolve.js');
    throw unknownProfile(name, data);
  }
  return { store, data };
}
