// Prompts through @inquirer/prompts, loaded only when a prompt is really shown; they read io.in and draw on io.err.
import { Writable } from 'node:stream';
import { InterruptedError, UsageError } from '../errors.js';
import { terminalSafe } from './safe.js';
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
  // What a prompt draws may quote a file or the service: shown safe (src/io/safe.ts). A default that is not safe as
  // it is is not offered at all, since the value returned must be the one the user saw.
  const safe = (s: string) => terminalSafe(s);
  const safeValidate = (validate?: (v: string) => true | string) =>
    validate &&
    ((v: string) => {
      const r = validate(v);
      return r === true ? r : safe(r);
    });
  return {
    async input(message, opts = {}) {
      const p = await load();
      const def = opts.default !== undefined && safe(opts.default) === opts.default ? opts.default : undefined;
      return interruptible(
        p.input({ message: safe(message), default: def, validate: safeValidate(opts.validate) }, ctx()),
      );
    },
    async password(message) {
      const p = await load();
      return interruptible(p.password({ message: safe(message), mask: '*' }, ctx()));
    },
    async confirm(message, defaultValue = false) {
      const p = await load();
      return interruptible(
        p.confirm({ message: terminalSafe(message, { keepNewlines: true }), default: defaultValue }, ctx()),
      );
    },
    async select(message, choices) {
      const p = await load();
      const shown = choices.map((c) => ({
        ...c,
        name: safe(c.name ?? c.value),
        description: c.description === undefined ? undefined : safe(c.description),
      }));
      return interruptible(p.select({ message: safe(message), choices: shown }, ctx()));
    },
  };
}
