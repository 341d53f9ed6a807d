// voicectl completion bash|zsh|fish: prints a completion script generated from the real command tree.
import { Argument, Command } from 'commander';
import type { Factory } from '../../factory.js';
import { MESSAGE_CHANNELS, STRATEGIES, TTS_STATUSES } from '../../facts.js';
import { examples } from '../help.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

async function completionRun(f: Factory, shell: Shell, program: Command): Promise<void> {
  const [tree, scripts, { FORMATS }, { API_METHODS }, { write }] = await Promise.all([
    import('./tree.js'),
    import('./scripts.js'),
    import('../../io/output.js'),
    import('../api/request.js'),
    import('../../io/streams.js'),
  ]);
  const root = tree.readTree(program, {
    ttsStatuses: TTS_STATUSES,
    channels: MESSAGE_CHANNELS,
    strategies: STRATEGIES,
    formats: FORMATS,
    voices: await tree.loadVoices(),
    methods: API_METHODS,
    shells: SHELLS,
  });
  const text =
    shell === 'bash' ? scripts.bashScript(root) : shell === 'zsh' ? scripts.zshScript(root) : scripts.fishScript(root);
  await write(f.io.out, text);
}

/**
 * The program this command runs in, with every group loaded (the registry marks completion `loadsAll`): the tree
 * the user can type. Taken from the command, as gh's completion takes `cmd.Root()`, not imported from cli.ts.
 */
function rootOf(cmd: Command): Command {
  let c = cmd;
  while (c.parent) c = c.parent;
  return c;
}

export function makeCompletionCommand(f: Factory, run = completionRun): Command {
  const cmd = new Command('completion')
    .description(
      'Print a shell completion script (commands, flags, statuses, channels, strategies, voices, profile names).\n\nProfile names are read when you press TAB, with `voicectl profiles list -q`; everything else is in the script: regenerate it after upgrading voicectl.',
    )
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .action((shell: Shell, _opts: unknown, cmd: Command) => run(f, shell, rootOf(cmd)));
  return examples(cmd, [
    'voicectl completion bash > ~/.local/share/bash-completion/completions/voicectl',
    "echo 'source <(voicectl completion bash)' >> ~/.bashrc",
    'voicectl completion zsh > "${fpath[1]}/_voicectl"',
    'voicectl completion fish > ~/.config/fish/completions/voicectl.fish',
  ]);
}
