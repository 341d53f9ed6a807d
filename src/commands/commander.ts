// What voicectl uses of commander beyond its typed API, in one place, each with a test (test/frame/commander.test.ts)
// that fails when a commander release changes it.
import type { EventEmitter } from 'node:events';
import type { Command } from 'commander';

/** Whether `cmd` was added hidden (`addCommand(cmd, { hidden: true })`): commander keeps it in `_hidden` only. */
export function isHidden(cmd: Command): boolean {
  return (cmd as unknown as { _hidden?: boolean })._hidden === true;
}

/**
 * Calls `listener` with an option's value as typed, before commander's own handler of it (which hands the value to
 * the option's parser): commander emits `option:<name>` for each option on the command line.
 */
export function beforeOptionValue(cmd: Command, name: string, listener: (value: unknown) => void): void {
  (cmd as unknown as EventEmitter).prependListener(`option:${name}`, listener);
}
