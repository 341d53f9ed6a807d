// Prompts through @inquirer/prompts, loaded only when a prompt is really shown; they read io.in and draw on io.err.
import { UsageError } from '../errors.js';
import type { IOStreams } from './streams.js';

export interface Prompter {
  input(message: string, opts?: { default?: string; validate?: (v: string) => true | string }): Promise<string>;
  password(message: string): Promise<string>;
  confirm(message: string, defaultValue?: boolean): Promise<boolean>;
  select<T extends string>(message: string, choices: { value: T; name?: string; description?: string }[]): Promise<T>;
}

export function makePrompter(io: IOStreams): Prompter {
  const ctx = { input: io.in, output: io.err, clearPromptOnDone: false };
  const guard = () => {
    if (!io.canPrompt()) throw new UsageError('cannot prompt: stdin and stdout must be a terminal (pass the values as flags)');
  };
  const load = async () => {
    guard();
    return import('@inquirer/prompts');
  };
  return {
    async input(message, opts = {}) {
      const p = await load();
      return p.input({ message, default: opts.default, validate: opts.validate }, ctx);
    },
    async password(message) {
      const p = await load();
      return p.password({ message, mask: '*' }, ctx);
    },
    async confirm(message, defaultValue = false) {
      const p = await load();
      return p.confirm({ message, default: defaultValue }, ctx);
    },
    async select(message, choices) {
      const p = await load();
      return p.select({ message, choices }, ctx);
    },
  };
}
