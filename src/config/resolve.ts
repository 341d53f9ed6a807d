// Which base URL and key a command uses. Precedence, as the AWS CLI has it: the --base-url flag > an explicit
// --profile (both its values: a key from the environment must never travel to another profile's host) >
// environment > VOICECTL_PROFILE > default profile (`profiles use`). The store is opened only when flags and
// environment leave something unset, so scripts that set both never touch the disk. A profile's key goes only to
// its profile's base URL, unless --profile names it (checkKeyGoesHome).
import { AuthConfigError, UsageError } from '../errors.js';
import { shellWord } from '../io/shell.js';
import { terminalSafe } from '../io/safe.js';
import { didYouMean } from '../suggest.js';
import { API_KEY_HINT, apiKeyProblem, trimApiKey } from './key.js';
import { getProfile, hasProfile, type ProfileStore, type StoreData } from './store.js';

type Env = Record<string, string | undefined>;

export interface ResolvedConfig {
  baseUrl: string;
  apiKey: string;
  /** The profile that supplied something, if any. */
  profile?: string;
  source: { baseUrl: string; apiKey: string };
  sandbox: boolean;
  /** Run on every new connection before a request goes on it (--sandbox: the sandbox proves it is the one started). */
  proveConnection?: (socket: import('node:net').Socket) => Promise<void>;
}

export interface ConfigInputs {
  flags: { baseUrl?: string; profile?: string };
  /** The factory's env (f.env): VOICECTL_API_KEY with its ends trimmed. */
  env: Env;
  openStore: () => Promise<ProfileStore>;
}

/** The error for a profile name the store does not have: the nearest names, or how to add one. */
export function unknownProfile(name: string, data: StoreData, via = ''): UsageError {
  // Names from the file (it may have been edited by hand) reach the terminal only made safe.
  const known = Object.keys(data.profiles).map((n) => terminalSafe(n));
  return new UsageError(`no profile named "${terminalSafe(name)}"${via}${didYouMean(name, known)}`, {
    hints: [
      known.length
        ? `Known profiles: ${known.join(', ')}.`
        : 'No profiles yet: add one with `voicectl profiles add <name> --base-url <url>`.',
    ],
  });
}

/**
 * A key that cannot be sent (a newline, a space inside: see key.ts) fails before any request, exit 3, naming
 * where it came from and the rule, never the key.
 */
export function checkApiKey(key: string, from: string, hints: string[] = []): void {
  const problem = apiKeyProblem(key);
  if (problem) {
    throw new AuthConfigError(`the API key from ${from} cannot be used: ${problem}`, {
      hints: [API_KEY_HINT, ...hints],
    });
  }
}

interface Found {
  baseUrl?: string;
  baseSource: string;
  apiKey?: string;
  keySource: string;
  profile?: string;
  /** The base URL of the profile that gave the key, when a profile gave it. */
  keyHome?: string;
}

/** Without --profile: the base URL and the key from the environment, each where it is set. */
function fromEnv(flags: ConfigInputs['flags'], env: ConfigInputs['env']): Found {
  const found: Found = { baseUrl: flags.baseUrl, baseSource: 'flag --base-url', keySource: '' };
  if (flags.profile) return found;
  if (!found.baseUrl && env.VOICECTL_BASE_URL) {
    found.baseUrl = env.VOICECTL_BASE_URL;
    found.baseSource = 'VOICECTL_BASE_URL';
  }
  // The factory's env has the key's ends trimmed already (factory.ts); a key left empty is no key.
  const envKey = env.VOICECTL_API_KEY;
  if (envKey) {
    checkApiKey(envKey, 'VOICECTL_API_KEY', ['Set VOICECTL_API_KEY to the key alone.']);
    found.apiKey = envKey;
    found.keySource = 'VOICECTL_API_KEY';
  }
  return found;
}

/** What the selected (or current) profile gives that flags and the environment did not. */
async function fromProfile(found: Found, selected: string | undefined, inputs: ConfigInputs): Promise<void> {
  const store = await inputs.openStore();
  const data = store.read();
  if (selected && !hasProfile(data, selected)) {
    throw unknownProfile(selected, data, inputs.flags.profile ? ' (--profile)' : ' (VOICECTL_PROFILE)');
  }
  const name = selected ?? data.current;
  const profile = name ? getProfile(data, name) : undefined;
  if (!name || !profile) return;
  found.profile = name;
  if (!found.baseUrl) {
    found.baseUrl = profile.baseUrl;
    found.baseSource = `profile ${name}`;
  }
  if (!found.apiKey) {
    found.apiKey = trimApiKey(profile.apiKey);
    checkApiKey(found.apiKey, `profile ${terminalSafe(name)} (${terminalSafe(store.path)})`, [
      `Store it again: voicectl profiles add ${terminalSafe(shellWord(name))} --base-url <url> --force`,
    ]);
    found.keySource = `profile ${name}`;
    found.keyHome = profile.baseUrl;
  }
}

/** The origin of a URL, or the text itself when it is not one (compared as it is). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * A profile's key goes only to its profile's base URL. A base URL from --base-url or VOICECTL_BASE_URL takes a
 * profile's key only when --profile names that profile (the user said so on this command line), or when it is the
 * profile's own origin: VOICECTL_BASE_URL left over from a rehearsal (http://127.0.0.1:4010, a port any local user
 * can hold) must not receive the default profile's live key.
 */
function checkKeyGoesHome(found: Found, flags: ConfigInputs['flags']): void {
  const { keyHome, baseUrl, profile } = found;
  if (keyHome === undefined || baseUrl === undefined || found.baseSource.startsWith('profile ')) return;
  if (flags.profile !== undefined || originOf(baseUrl) === originOf(keyHome)) return;
  const name = terminalSafe(profile ?? '');
  const via = found.baseSource === 'VOICECTL_BASE_URL' ? 'VOICECTL_BASE_URL' : '--base-url';
  throw new AuthConfigError(
    `the API key of profile ${name} is kept for its base URL (${terminalSafe(originOf(keyHome))}); ${via} names ${terminalSafe(originOf(baseUrl))}, and the environment gives no key for it; nothing was sent`,
    {
      hints: [
        `To send that profile's key there, name it: --profile ${terminalSafe(shellWord(profile ?? ''))}.`,
        `Or set VOICECTL_API_KEY to the key for ${terminalSafe(originOf(baseUrl))}${via === 'VOICECTL_BASE_URL' ? ', or unset VOICECTL_BASE_URL to use the profile as it is' : ''}.`,
      ],
    },
  );
}

export async function resolveConfig(inputs: ConfigInputs): Promise<ResolvedConfig> {
  const { flags, env } = inputs;
  const found = fromEnv(flags, env);
  const selected = flags.profile ?? (env.VOICECTL_PROFILE || undefined);
  if (!found.baseUrl || !found.apiKey || selected) await fromProfile(found, selected, inputs);
  checkKeyGoesHome(found, flags);
  const { baseUrl, apiKey, baseSource, keySource, profile: profileName } = found;
  if (!baseUrl) {
    throw new AuthConfigError('no base URL configured', {
      hints: [
        'Set VOICECTL_BASE_URL, pass --base-url, or add a profile: `voicectl profiles add <name> --base-url <url>`.',
        'To try the tool without an account, add --sandbox.',
      ],
    });
  }
  if (!apiKey) {
    throw new AuthConfigError('no API key configured', {
      hints: [
        'Set VOICECTL_API_KEY, or store one in a profile: `voicectl profiles add <name> --base-url <url>`.',
        'To try the tool without an account, add --sandbox.',
      ],
    });
  }
  return { baseUrl, apiKey, profile: profileName, source: { baseUrl: baseSource, apiKey: keySource }, sandbox: false };
}
