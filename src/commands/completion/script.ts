// voicectl completion bash|zsh|fish: prints a completion script generated from the real command tree.
import { Argument, Command } from 'commander';
import type { Factory } from '../../factory.js';
import { MESSAGE_CHANNELS, STRATEGIES, TTS_STATUSES } from '../../facts.js';
import { examples } from '../help.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

async function completionRun(f: Factory, shell: Shell): Promise<void> {
  const [{ buildProgram }, tree, scripts, { FORMATS }, { API_METHODS }, { write }] = await Promise.all([
    import('../../cli.js'),
    import('./tree.js'),
    import('./scripts.js'),
    import('../../io/output.js'),
    import('../api/request.js'),
    import('../../io/streams.js'),
  ]);
  // A second program with every group loaded: the tree the user can type, whatever this one loaded.
  const { program } = await buildProgram([], { io: f.io, env: f.env, signal: f.signal, loadAll: true });
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

export function makeCompletionCommand(f: Factory, run = completionRun): Command {
  const cmd = new Command('completion')
    .description(
      'Print a shell completion script (commands, flags, statuses, channels, strategies, voices, profile names).\n\nProfile names are read when you press TAB, with `voicectl profiles list -q`; everything else is in the script: regenerate it after upgrading voicectl.',
    )
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .action((shell: Shell) => run(f, shell));
  return examples(cmd, [
    'voicectl completion bash > ~/.local/share/bash-completion/completions/voicectl',
    "echo 'source <(voicectl completion bash)' >> ~/.bashrc",
    'voicectl completion zsh > "${fpath[1]}/_voicectl"',
    'voicectl completion fish > ~/.config/fish/completions/voicectl.fish',
  ]);
}
