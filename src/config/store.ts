// The profile store: a typed wrapper around conf. The file holds API keys, so it is 0600 in a 0700
// directory, re-applied on every write, and a file others can read gets a warning.
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { UsageError } from '../errors.js';

export const ProfileName = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/,
    'must be 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit',
  );

export const Profile = z.object({
  baseUrl: z.string(),
  apiKey: z.string().min(1),
});
export type Profile = z.infer<typeof Profile>;

export const StoreData = z.object({
  current: z.string().optional(),
  profiles: z.record(z.string(), Profile).default({}),
});
export type StoreData = z.infer<typeof StoreData>;

export interface ProfileStore {
  readonly path: string;
  read(): StoreData;
  setProfile(name: string, profile: Profile): void;
  removeProfile(name: string): boolean;
  setCurrent(name: string | undefined): void;
  /** Set when the file was readable by group or others when opened. */
  readonly insecureMode?: number;
}

export async function openStore(dir: string): Promise<ProfileStore> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const { default: Conf } = await import('conf');
  const file = join(dir, 'profiles.json');
  let conf: InstanceType<typeof Conf<StoreData>>;
  try {
    conf = new Conf<StoreData>({
      projectName: 'voicectl',
      projectSuffix: '',
      cwd: dir,
      configName: 'profiles',
      configFileMode: 0o600,
    });
  } catch (err) {
    throw new UsageError(`the profile file ${file} cannot be read: ${(err as Error).message}`, {
      hints: ['Fix or delete the file, then add the profile again with `voicectl profiles add`.'],
    });
  }
  let insecureMode: number | undefined;
  try {
    const mode = statSync(conf.path).mode & 0o777;
    if (mode & 0o077) insecureMode = mode;
  } catch {
    // not written yet
  }
  const secure = () => chmodSync(conf.path, 0o600);
  const read = (): StoreData => {
    const parsed = StoreData.safeParse(conf.store);
    if (!parsed.success) {
      throw new UsageError(
        `the profile file ${conf.path} is damaged: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`,
        {
          hints: ['Fix or delete the file, then add the profile again with `voicectl profiles add`.'],
        },
      );
    }
    return parsed.data;
  };
  return {
    path: conf.path,
    insecureMode,
    read,
    setProfile(name, profile) {
      const data = read();
      conf.store = { ...data, profiles: { ...data.profiles, [name]: profile } };
      secure();
    },
    removeProfile(name) {
      const data = read();
      if (!(name in data.profiles)) return false;
      const { [name]: _removed, ...rest } = data.profiles;
      conf.store = { current: data.current === name ? undefined : data.current, profiles: rest };
      secure();
      return true;
    },
    setCurrent(name) {
      const data = read();
      conf.store = { ...data, current: name };
      secure();
    },
  };
}
