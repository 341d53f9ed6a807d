// tts: create, get, list, wait, download (reference 2.1, 3.1, 4.1-4.3, 8). The commands are defined here
// with commander alone; what they run (zod, the client, ora) is imported only when a verb runs, so
// `voicectl tts --help` stays cheap.
import { Command, Option } from 'commander';
import type { Factory } from '../../factory.js';
import { orList, TTS_STATUSES } from '../../facts.js';
import { examples } from '../help.js';
import { addListOptions } from '../list-flags.js';

type Rec = Record<string, unknown>;

const STATUSES = orList(TTS_STATUSES);

/** --play is always asked for, so it plays on a terminal or not; nothing plays without it. */
const PLAYERS_HELP = 'with the first player on PATH (ffplay, afplay, paplay, aplay), on a terminal or not';

/** --timeout is the whole wait wherever a command waits; each request's limit is the global --request-timeout. */
function waitOptions(cmd: Command): Command {
  return cmd
    .option('--interval <seconds>', 'seconds between polls, 3 to 60 (default 3; a little jitter is added)')
    .option(
      '--timeout <duration>',
      'give up waiting after this long: 90, 90s, 10m, 1h (default 10m); the whole wait, not each request',
    );
}

export function make(f: Factory): Command {
  const tts = new Command('tts').description(
    'Text-to-speech generations: create (and wait, download), get, list, wait, download.\n\nA generation is queued, processed in the background, then completed (audio ready) or failed. Cost: 10 tokens per 100 characters, rounded up, deducted when processing begins and refunded on failure.',
  );

  const create = waitOptions(
    new Command('create')
      .description(
        'Queue a generation (POST /v1/tts) and print its id, status, character count and token cost.\n\nValues are checked before anything is sent: text 1 to 10,000 characters, --speed 0.25 to 4.0, --stability/--similarity-boost/--style 0 to 1, --voice a built-in alias (any case) or a 20-character voice ID. Flags you leave out are not sent: the API applies its defaults (Sarah, en, 1.0, 0.4, 0.75, 0).',
      )
      .option('--text <text>', 'the text to speak (at most 10,000 characters)')
      .option('--file <path>', 'read the text from a file, or - for stdin (one trailing newline is dropped)')
      .option(
        '--encoding <name>',
        'encoding of --file when it is not UTF-8 (refused otherwise): windows-1252 (also called latin1), windows-1250, iso-8859-15, ...',
      )
      .option(
        '--voice <voice>',
        'built-in alias (voicectl voices list) or a voice ID of 20 letters and digits; default Sarah',
      )
      .option('--language <code>', 'language code such as en, it, es; default en')
      .option('--speed <n>', 'playback speed, 0.25 to 4.0; default 1.0')
      .option('--stability <n>', 'voice stability, 0 to 1; default 0.4')
      .option('--similarity-boost <n>', 'similarity boost, 0 to 1; default 0.75')
      .option('--style <n>', 'style exaggeration, 0 to 1; default 0')
      .option('--dry-run', 'check the values, print the JSON body and the cost, send nothing')
      .option('-w, --wait', 'wait until the generation is completed or failed (exit 5 if it failed, 6 on timeout)')
      .option('--out <file>', 'wait, then download the audio to this file (- for stdout); implies --wait')
      .option('--force', 'let --out replace an existing file')
      .option('--play', `play the audio here ${PLAYERS_HELP}; implies --wait; without --out it is not kept`),
  ).action(async (raw: Rec) => (await import('./create.js')).createRun(f, raw));
  tts.addCommand(
    examples(create, [
      'voicectl tts create --text "Hello from voicectl"',
      'voicectl tts create --text "Ciao!" --voice lorenzo --language it --wait',
      'voicectl tts create --file script.txt --speed 1.2 --out greeting.wav',
      'voicectl tts create --text "Does this sound right?" --voice Roger --play',
      'id=$(voicectl tts create -q --text "Your order has shipped")',
      'echo "Hello" | voicectl tts create --file - --dry-run',
    ]),
  );

  const get = new Command('get')
    .description(
      'Show one generation (GET /v1/tts/{id}): status, audioUrl, cost, and what an errorMessage means.\n\nA table on a terminal (local times), JSON when piped. Exit 4 when it does not exist or belongs to another organization.',
    )
    .argument('<id>', 'generation ID (tts create prints it)')
    .action(async (id: string) => (await import('./get.js')).getRun(f, id));
  tts.addCommand(
    examples(get, [
      'voicectl tts get tts_0123456789abcdef',
      'voicectl tts get tts_0123456789abcdef --json | jq -r .audioUrl',
    ]),
  );

  const list = new Command('list')
    .description("List the organization's generations (GET /v1/tts), newest first.")
    .addOption(new Option('--status <status>', `only this status: ${STATUSES}`));
  addListOptions(list).action(async (raw: Rec) => (await import('./list.js')).listRun(f, raw));
  tts.addCommand(
    examples(list, [
      'voicectl tts list',
      'voicectl tts list --status failed --limit 50',
      'voicectl tts list --all -o ndjson | jq -r \'select(.status == "completed") | .audioUrl\'',
    ]),
  );

  const wait = waitOptions(
    new Command('wait').description(
      "Wait for one or more generations to finish, polling each every 3 seconds (the reference asks for 3 to 5).\n\nOn a terminal a spinner shows each id's status; piped, nothing is printed until the end, then the final records (one id: the record; several: a list). Polling errors such as a 503 are retried; 401/403/404 stop it. Exit 0 all completed · 5 any failed (with what the error means) · 6 timed out · 130 Ctrl-C (pending ids printed).",
    ),
  )
    .argument('<id...>', 'generation IDs')
    .action(async (ids: string[], raw: Rec) => (await import('./wait.js')).waitRun(f, ids, raw));
  tts.addCommand(
    examples(wait, [
      'voicectl tts wait tts_0123456789abcdef',
      'voicectl tts wait tts_aaa tts_bbb tts_ccc --timeout 30m',
      'voicectl tts list --status processing -q | xargs voicectl tts wait --json',
    ]),
  );

  const download = waitOptions(
    new Command('download')
      .description(
        'Download the audio of a completed generation to a file (default: <id>.wav in the current directory) or to stdout with --out -.\n\nThe file is written under a temporary name and renamed when complete: a failed or interrupted download leaves nothing. An existing file is never replaced without --force.',
      )
      .argument('<id>', 'generation ID')
      .option('--out <file>', 'where to write the audio; - for stdout')
      .option('--force', 'replace an existing file')
      .option('-w, --wait', 'wait for the generation to finish first')
      .option('--play', `play the saved file ${PLAYERS_HELP}`),
  ).action(async (id: string, raw: Rec) => (await import('./download.js')).downloadRun(f, id, raw));
  tts.addCommand(
    examples(download, [
      'voicectl tts download tts_0123456789abcdef',
      'voicectl tts download tts_0123456789abcdef --out hello.wav --force',
      'voicectl tts download tts_0123456789abcdef --play',
      'voicectl tts download tts_0123456789abcdef --out - | ffplay -nodisp -autoexit -',
    ]),
  );

  return examples(tts, [
    'voicectl tts create --text "Hello" --wait',
    'voicectl tts create --text "Hello" --out hello.wav',
    'voicectl tts list --status completed',
    'voicectl tts wait tts_0123456789abcdef',
  ]);
}
