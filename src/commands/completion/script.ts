// voicectl completion bash|zsh|fish|powershell: prints a completion script generated from the real command tree.
import * as z from 'zod/mini';
import { type Args, defineCommand, type Options } from '../define.js';

const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;

const args = {
  shell: { name: '<shell>', help: 'bash, zsh, fish or powershell', choices: SHELLS, schema: z.enum(SHELLS) },
} satisfies Args;

export type CompletionOptions = Options<Record<never, never>, typeof args>;

export const completionCommand = defineCommand({
  name: 'completion',
  summary: 'Print a shell completion script (commands, flags, statuses, channels, strategies, voices, profile names).',
  description:
    'Profile names are read when you press TAB, with `voicectl profiles list -q`; everything else is in the script: regenerate it after upgrading voicectl.',
  examples: [
    'voicectl completion bash > ~/.local/share/bash-completion/completions/voicectl',
    "echo 'source <(voicectl completion bash)' >> ~/.bashrc",
    'mkdir -p ~/.zfunc && voicectl completion zsh > ~/.zfunc/_voicectl',
    "echo 'fpath=(~/.zfunc $fpath); autoload -Uz compinit && compinit' >> ~/.zshrc",
    'voicectl completion fish > ~/.config/fish/completions/voicectl.fish',
    'voicectl completion powershell >> $PROFILE',
  ],
  args,
  json: false,
  load: () => import('./script-run.js'),
});
