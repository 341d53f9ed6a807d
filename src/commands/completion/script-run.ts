// completion: what it runs (the declaration is script.ts).
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { write } from '../../io/streams.js';
import type { CompletionOptions } from './script.js';
import { bashScript, fishScript, powershellScript, zshScript } from './scripts.js';
import { loadVoices, readTree } from './tree.js';

/**
 * The program this command runs in, with every group loaded (the registry marks completion `loadsAll`): the tree
 * the user can type. Taken from the command, as gh's completion takes `cmd.Root()`, not imported from cli.ts.
 */
function rootOf(cmd: Command): Command {
  let c = cmd;
  while (c.parent) c = c.parent;
  return c;
}

export async function run(f: Factory, { shell }: CompletionOptions, cmd: Command): Promise<void> {
  const program = rootOf(cmd);
  const root = readTree(program, { voices: loadVoices() });
  const scripts = { bash: bashScript, zsh: zshScript, fish: fishScript, powershell: powershellScript };
  const text = scripts[shell](root);
  // output: a script for the shell, not the terminal; its candidates are quoted for the shell (scripts.ts).
  await write(f.io.out, text);
}
