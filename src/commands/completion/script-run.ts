// completion: what it runs (the declaration is script.ts). The program is built again with every group loaded:
// the tree the user can type, whatever this run loaded.
import { buildProgram } from '../../cli.js';
import type { Factory } from '../../factory.js';
import { write } from '../../io/streams.js';
import type { CompletionOptions } from './script.js';
import { bashScript, fishScript, zshScript } from './scripts.js';
import { loadVoices, readTree } from './tree.js';

export async function run(f: Factory, { shell }: CompletionOptions): Promise<void> {
  const { program } = await buildProgram([], { io: f.io, env: f.env, signal: f.signal, loadAll: true });
  const root = readTree(program, { voices: loadVoices() });
  const text = shell === 'bash' ? bashScript(root) : shell === 'zsh' ? zshScript(root) : fishScript(root);
  await write(f.io.out, text);
}
