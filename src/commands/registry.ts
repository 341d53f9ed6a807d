// The command groups. Each is imported only when its name is on the command line (or for completion),
// so `voicectl --help` and `voicectl --version` load none of them.
import type { Command } from 'commander';
import type { Factory } from '../factory.js';
import type { GroupDef } from './define.js';

interface GroupModule {
  make(f: Factory): Command;
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
  {
    name: 'tts',
    summary: 'text-to-speech generations: create, get, list, wait, download',
    load: () => import('./tts/index.js'),
  },
  { name: 'voices', summary: 'the built-in voice catalog', load: () => import('./voices/index.js') },
  {
    name: 'campaigns',
    summary: 'outbound AI call campaigns: create, start, list, show',
    load: () => import('./campaigns/index.js'),
  },
  {
    name: 'contacts',
    summary: 'turn a spreadsheet export (CSV) into campaign contacts',
    load: () => import('./contacts/index.js'),
  },
  {
    name: 'messages',
    summary: 'message history (SMS, email, WhatsApp) and SMS sending',
    load: () => import('./messages/index.js'),
  },
  { name: 'calls', summary: 'call records', load: () => import('./calls/index.js') },
  { name: 'api', summary: 'make a raw API request with your credentials', load: () => import('./api/index.js') },
  {
    name: 'profiles',
    summary: 'stored credentials: add, list, use, remove, show',
    load: () => import('./profiles/index.js'),
  },
  { name: 'auth', summary: 'check the configured API key', load: () => import('./auth/index.js') },
  {
    name: 'completion',
    summary: 'shell completion script for bash, zsh or fish',
    load: () => import('./completion/index.js'),
    loadsAll: true,
  },
  { name: 'sandbox', summary: 'run the local sandbox API server', load: () => import('./sandbox/index.js') },
  {
    name: 'mcp',
    summary: 'serve the Voice API to AI agents (Model Context Protocol, stdio)',
    load: () => import('./mcp/index.js'),
  },
  {
    name: 'version',
    summary: 'versions, platform, config dir and sandbox: what a bug report needs',
    load: () => import('./version/index.js'),
  },
];
