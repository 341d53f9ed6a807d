// sandbox: the local API server in the foreground (foreground.ts), and the verbs of the background one.
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { examples } from '../help.js';
import { makeSandboxCommand } from './foreground.js';
import { makeServeCommand } from './serve.js';
import { makeStatusCommand } from './status.js';
import { makeStopCommand } from './stop.js';

export function make(f: Factory): Command {
  const cmd = makeSandboxCommand(f);
  cmd.addCommand(makeStatusCommand(f));
  cmd.addCommand(makeStopCommand(f));
  cmd.addCommand(makeServeCommand(f), { hidden: true }); // started by --sandbox, not typed
  return examples(cmd, [
    'voicectl sandbox                      # http://127.0.0.1:4010',
    'voicectl sandbox --port 0 --fast      # a free port; generations finish at once',
    `voicectl sandbox --scenario '{"seed": 7, "failureRate": 0.5, "callingWindow": "ignore", "speed": 600}'`,
    'VOICECTL_SANDBOX_SCENARIO=ci-failures.json voicectl --sandbox campaigns wait cmp_0123456789abcdef',
    'voicectl sandbox status               # the background sandbox of --sandbox',
    'voicectl sandbox stop',
  ]);
}
