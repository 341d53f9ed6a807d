// voicectl completion bash|zsh|fish: prints a completion script generated from the real command tree.
import * as z from 'zod/mini';
import { type Args, defineCommand, type Options } from '../define.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;

const args = {
  shell: { name: '<shell>', help: 'bash, zsh or fish', choices: SHELLS, schema: z.enum(SHELLS) },
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
    'voicectl completion zsh > "${fpath[1]}/_voicectl"',
    'voicectl completion fish > ~/.config/fish/completions/voicectl.fish',
  ],
  args,
  json: false,
  load: () => import('./script-run.js'),
});
