// What the profiles verbs share: a named profile that must exist.
import { unknownProfile } from '../../config/resolve.js';
import { hasProfile } from '../../config/store.js';
import type { Factory } from '../../factory.js';

export async function knownProfile(f: Factory, name: string) {
  const store = await f.store();
  const data = store.read();
  if (!hasProfile(data, name)) {
    throw unknownProfile(name, data);
  }
  return { store, data };
}
