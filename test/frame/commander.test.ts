// The two things voicectl reads of commander beyond its typed API (src/commands/commander.ts): a release that
// changes either fails here, not in completion or in the refusal of an option given as another's value.
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { beforeOptionValue, isHidden } from '../../src/commands/commander.js';

describe('commander internals, behind an adapter', () => {
  it('isHidden: a command added hidden is, another is not', () => {
    const root = new Command('root');
    root.addCommand(new Command('shown'));
    root.addCommand(new Command('secret'), { hidden: true });
    expect(root.commands.map((c) => [c.name(), isHidden(c)])).toEqual([
      ['shown', false],
      ['secret', true],
    ]);
  });

  it("beforeOptionValue: the value as typed, before the option's parser; what it throws stops the parse", () => {
    const seen: string[] = [];
    const cmd = new Command('c').exitOverride().action(() => undefined);
    cmd.option('--name <n>', 'a name', (v: string) => {
      seen.push(`parser ${v}`);
      return v.toUpperCase();
    });
    beforeOptionValue(cmd, 'name', (v) => void seen.push(`before ${String(v)}`));
    cmd.parse(['--name', 'anna'], { from: 'user' });
    expect(seen).toEqual(['before anna', 'parser anna']);
    expect(cmd.opts().name).toBe('ANNA');
    beforeOptionValue(cmd, 'name', () => {
      throw new Error('refused');
    });
    expect(() => cmd.parse(['--name', 'bruno'], { from: 'user' })).toThrow('refused');
  });
});
