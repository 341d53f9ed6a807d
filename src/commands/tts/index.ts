// tts: create, get, list, wait, download (reference 2.1, 3.1, 4.1-4.3, 8). Each verb is a file of its own; what a
// verb runs (the client, ora, output) is imported only when it runs, so `voicectl tts --help` stays cheap.
import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { TOKENS_PER_100_CHARACTERS } from '../../facts.js';
import { examples } from '../help.js';
import { makeCreateCommand } from './create.js';
import { makeDownloadCommand } from './download.js';
import { makeGetCommand } from './get.js';
import { makeListCommand } from './list.js';
import { makeWaitCommand } from './wait.js';

export function make(f: Factory): Command {
  const tts = new Command('tts').description(
    `Text-to-speech generations: create (and wait, download), get, list, wait, download.\n\nA generation is queued, processed in the background, then completed (audio ready) or failed. Cost: ${TOKENS_PER_100_CHARACTERS} tokens per 100 characters, rounded up, deducted when processing begins and refunded on failure.`,
  );
  tts.addCommand(makeCreateCommand(f));
  tts.addCommand(makeGetCommand(f));
  tts.addCommand(makeListCommand(f));
  tts.addCommand(makeWaitCommand(f));
  tts.addCommand(makeDownloadCommand(f));
  return examples(tts, [
    'voicectl tts create --text "Hello" --wait',
    'voicectl tts create --text "Hello" --out hello.wav',
    'voicectl tts list --status completed',
    'voicectl tts wait tts_0123456789abcdef',
  ]);
}
