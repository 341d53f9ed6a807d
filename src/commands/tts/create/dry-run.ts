// tts create --dry-run (without --out): what it runs, loaded instead of run.ts (command.ts chooses), so that a
// dry run never loads the client, the download or the wait.
import type { Factory } from '../../../factory.js';
import { prepare, printDryRun } from './body.js';
import type { CreateOptions } from './command.js';

export async function run(f: Factory, flags: CreateOptions): Promise<void> {
  await printDryRun(f, flags, await prepare(f, flags));
}
