// The sandbox's whole state: plain JSON, so --sandbox can keep it in a file between commands.
// Time-driven changes (generations finishing, the dialer) are derived from timestamps by each
// resource's advance(), so a later process sees what "happened" while no server was running.
import { randomBytes } from 'node:crypto';
import { READ_SCOPES, SCOPES, type Scope } from '../facts.js';
import type { CampaignSlice } from './resources/campaigns.js';
import type { MessagesSlice } from './resources/messages.js';
import type { TtsSlice } from './resources/tts.js';

export interface Org {
  id: string;
  name: string;
  /** Token balance for TTS. */
  balance: number;
  /** Voice IDs (20 alphanumeric characters) of the organization's voice library. */
  voiceLibrary: string[];
  /** Caller IDs the organization owns (fromNumber must be one of these). */
  numbers: string[];
  /** Agent IDs. */
  agents: string[];
}

export interface KeyRecord {
  /** Non-secret id of the key: logs show this, never the key. */
  id: string;
  key: string;
  orgId: string;
  label: string;
  scopes: Scope[];
}

export interface CoreState {
  version: 1;
  createdAt: string;
  orgs: Org[];
  keys: KeyRecord[];
}

export type SandboxState = CoreState & TtsSlice & CampaignSlice & MessagesSlice;

/** The demo organizations and keys, the same on every start so README and tests can name them. */
export const DEMO: {
  acme: { org: Org; fullKey: string; readKey: string };
  globex: { org: Org; fullKey: string };
} = {
  acme: {
    org: {
      id: 'org_acme',
      name: 'Acme Srl',
      balance: 100_000,
      voiceLibrary: ['AcmeVoice00000000001', 'AcmeVoice00000000002', 'AcmeNarrator2024xYz9'],
      numbers: ['+390212345678', '+390298765432', '+393401234567'],
      agents: ['agent_sales', 'agent_support'],
    },
    fullKey: 'vk_sandbox_acme_full_4f9c2a7e1b3d',
    readKey: 'vk_sandbox_acme_read_8d1e3b6c2f5a',
  },
  globex: {
    org: {
      id: 'org_globex',
      name: 'Globex Inc',
      balance: 200,
      voiceLibrary: ['GlobexVoice000000001'],
      numbers: ['+12125550100', '+12125550101'],
      agents: ['agent_globex'],
    },
    fullKey: 'vk_sandbox_globex_full_2b7d9e4a1c6f',
  },
};

export const SANDBOX_KEY_PREFIX = 'vk_sandbox_';

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

export function initialCore(now: number): CoreState {
  return {
    version: 1,
    createdAt: new Date(now).toISOString(),
    orgs: [structuredClone(DEMO.acme.org), structuredClone(DEMO.globex.org)],
    keys: [
      {
        id: 'key_acme_full',
        key: DEMO.acme.fullKey,
        orgId: 'org_acme',
        label: 'Acme, all scopes',
        scopes: [...SCOPES],
      },
      {
        id: 'key_acme_read',
        key: DEMO.acme.readKey,
        orgId: 'org_acme',
        label: 'Acme, read-only',
        scopes: [...READ_SCOPES],
      },
      {
        id: 'key_globex_full',
        key: DEMO.globex.fullKey,
        orgId: 'org_globex',
        label: 'Globex, all scopes',
        scopes: [...SCOPES],
      },
    ],
  };
}

/**
 * The role a sandbox key names, its secret tail left out: `vk_sandbox_acme_read_` for vk_sandbox_acme_read_8d1e…;
 * undefined for a key that is not a sandbox key.
 */
export function keyRole(key: string): string | undefined {
  return /^vk_sandbox_[a-z0-9]+_[a-z0-9]+_/.exec(key)?.[0];
}

/**
 * The keys of one sandbox instance: each demo key's role with a random tail (96 bits), so that the sandbox opens to
 * no one but its owner, who reads them in the 0600 sandbox.json (`sandbox status`) or on the foreground sandbox's
 * stdout. The constants of DEMO (README names them) open only a sandbox made with them (tests, `new Sandbox()`).
 */
export function instanceKeys(keys: KeyRecord[]): KeyRecord[] {
  return keys.map((k) => ({ ...k, key: `${keyRole(k.key) ?? SANDBOX_KEY_PREFIX}${randomBytes(12).toString('hex')}` }));
}

/**
 * What each demo organization has that a command must name (`campaigns create --agent`, `--from`) and the keys of
 * the running instance (by key id; null when none runs), for `sandbox status`. Sandbox keys only: they open nothing
 * but the sandbox.
 */
export function organizations(keys?: Record<string, string>): {
  id: string;
  name: string;
  agents: string[];
  numbers: string[];
  voiceLibrary: string[];
  keys: { key: string | null; label: string; scopes: Scope[] }[];
}[] {
  const core = initialCore(0);
  return core.orgs.map((o) => ({
    id: o.id,
    name: o.name,
    agents: o.agents,
    numbers: o.numbers,
    voiceLibrary: o.voiceLibrary,
    keys: core.keys
      .filter((k) => k.orgId === o.id)
      .map((k) => ({ key: keys?.[k.id] ?? null, label: k.label, scopes: k.scopes })),
  }));
}
