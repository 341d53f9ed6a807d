// Prompts through @inquirer/prompts, loaded only when a prompt is really shown; they read io.in and draw on io.err.
import { Writable } from 'node:stream';
import { InterruptedError, UsageError } from '../errors.js';
import type { IOStreams } from './streams.js';

export interface Prompter {
  input(message: string, opts?: { default?: string; validate?: (v: string) => true | string }): Promise<string>;
  password(message: string): Promise<string>;
  confirm(message: string, defaultValue?: boolean): Promise<boolean>;
  select<T extends string>(message: string, choices: { value: T; name?: string; description?: string }[]): Promise<T>;
}

/**
 * What a prompt draws on: io.err, except that the prompt's end() when it is done does not end io.err (Node
 * spares process.stderr, but not the streams tests hand in). Size and TTY-ness are read through.
 */
function promptOutput(err: Writable): Writable {
  const out = new Writable({ write: (chunk: Buffer, encoding, cb) => void err.write(chunk, encoding, cb) });
  for (const key of ['isTTY', 'columns', 'rows'])
    Object.defineProperty(out, key, { get: () => (err as unknown as Record<string, unknown>)[key] });
  return out;
}

/** Ctrl-C at a prompt (the terminal is in raw mode, so it arrives as a key, not as SIGINT) is an interrupt like any other. */
async function interruptible<T>(prompt: Promise<T>): Promise<T> {
  try {
    return await prompt;
  } catch (err) {
    // ExitPromptError: Ctrl-C typed at the prompt; AbortPromptError: SIGINT from elsewhere (kill -INT).
    if (err instanceof Error && (err.name === 'ExitPromptError' || err.name === 'AbortPromptError'))
      // Every prompt comes before its command sends or stores anything.
      throw new InterruptedError('nothing was sent');
    throw err;
  }
}

export function makePrompter(io: IOStreams, signal?: AbortSignal): Prompter {
  const ctx = () => ({ input: io.in, output: promptOutput(io.err), clearPromptOnDone: false, signal });
  const guard = () => {
    if (!io.canPrompt())
      throw new UsageError('cannot prompt: stdin and stdout must be a terminal (pass the values as flags)');
  };
  const load = async () => {
    guard();
    return import('@inquirer/prompts');
  };
  return {
    async input(message, opts = {}) {
      const p = await load();
      return interruptible(p.input({ message, default: opts.default, validate: opts.validate }, ctx()));
    },
    async password(message) {
      const p = await load();
      return interruptible(p.password({ message, mask: '*' }, ctx()));
    },
    async confirm(message, defaultValue = false) {
      const p = await load();
      return interruptible(p.confirm({ message, default: defaultValue }, ctx()));
    },
    async select(message, choices) {
      const p = await load();
      return interruptible(p.select({ message, choices }, ctx()));
    },
  };
}
