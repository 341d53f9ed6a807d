// tts: create, get, list, wait, download (reference 2.1, 3.1, 4.1-4.3, 8). Each verb is declared in a file of its
// own; what it runs (the client, ora, output) is loaded only when it runs, so `voicectl tts --help` stays cheap.
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { TOKENS_PER_100_CHARACTERS } from '../../facts.js';
import { defineGroup, makeGroup } from '../define.js';
import { GROUP_SUMMARY } from '../groups.js';
import { createCommand } from './create/command.js';
import { downloadCommand } from './download.js';
import { getCommand } from './get.js';
import { listCommand } from './list.js';
import { waitCommand } from './wait.js';

export const group = defineGroup({
  name: 'tts',
  summary: GROUP_SUMMARY.tts,
  description: `create can wait and download too. A generation is queued, processed in the background, then completed (audio ready) or failed. Cost: ${TOKENS_PER_100_CHARACTERS} tokens per 100 characters, rounded up, deducted when processing begins and refunded on failure.`,
  examples: [
    'voicectl tts create --text "Hello" --wait',
    'voicectl tts create --text "Hello" --out hello.wav',
    'voicectl tts list --status completed',
    'voicectl tts wait tts_0123456789abcdef',
  ],
  commands: [createCommand, getCommand, listCommand, waitCommand, downloadCommand],
});

export const make = (f: Factory, words?: ReadonlySet<string>): Command => makeGroup(f, group, words);
