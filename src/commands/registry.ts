// The command groups. Each is imported only when its name is on the command line (or for completion),
// so `voicectl --help` and `voicectl --version` load none of them.
import type { Command } from 'commander';
import type { Factory } from '../factory.js';
import type { GroupDef } from './define.js';
import { GROUP_SUMMARY } from './groups.js';

interface GroupModule {
  /** The group's command; `words`, the command line's, tell the verbs to make in full (see makeGroup). */
  make(f: Factory, words?: ReadonlySet<string>): Command;
  /** The group's declarations (every group with commands of its own; voicectl mcp makes tools of them). */
  group?: GroupDef;
}

export interface Group {
  name: string;
  summary: string;
  load: () => Promise<GroupModule>;
  /** Loads every group along with this one: completion reads the whole command tree from the running program. */
  loadsAll?: boolean;
}

export const GROUPS: Group[] = [
  { name: 'tts', summary: GROUP_SUMMARY.tts, load: () => import('./tts/index.js') },
  { name: 'voices', summary: GROUP_SUMMARY.voices, load: () => import('./voices/index.js') },
  { name: 'campaigns', summary: GROUP_SUMMARY.campaigns, load: () => import('./campaigns/index.js') },
  { name: 'contacts', summary: GROUP_SUMMARY.contacts, load: () => import('./contacts/index.js') },
  { name: 'messages', summary: GROUP_SUMMARY.messages, load: () => import('./messages/index.js') },
  { name: 'calls', summary: GROUP_SUMMARY.calls, load: () => import('./calls/index.js') },
  { name: 'api', summary: GROUP_SUMMARY.api, load: () => import('./api/index.js') },
  { name: 'profiles', summary: GROUP_SUMMARY.profiles, load: () => import('./profiles/index.js') },
  { name: 'auth', summary: GROUP_SUMMARY.auth, load: () => import('./auth/index.js') },
  {
    name: 'completion',
    summary: GROUP_SUMMARY.completion,
    load: () => import('./completion/index.js'),
    loadsAll: true,
  },
  { name: 'sandbox', summary: GROUP_SUMMARY.sandbox, load: () => import('./sandbox/index.js') },
  { name: 'mcp', summary: GROUP_SUMMARY.mcp, load: () => import('./mcp/index.js') },
  { name: 'version', summary: GROUP_SUMMARY.version, load: () => import('./version/index.js') },
];
