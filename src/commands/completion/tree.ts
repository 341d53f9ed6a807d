// The command tree as completion needs it, read from the real program (buildProgram with every group loaded),
// so the scripts never drift from the commands; where a value's candidates come from is in each flag's declaration.
import { isHidden } from '../commander.js';
import { type Command, Option } from 'commander';
import { GLOBAL_FLAGS } from '../../global-flags.js';
import { VOICES } from '../../schemas/voices.js';
import { argOf, type Complete, flagOf } from '../define.js';

/** Where a value's candidates come from: a fixed list, the stored profiles (read when completing), or files. */
export type Values = { kind: 'words'; words: string[] } | { kind: 'profiles' } | { kind: 'files' };

export interface FlagSpec {
  long?: string;
  short?: string;
  description: string;
  /** Undefined when the flag takes no value. */
  values?: Values;
}

export interface NodeSpec {
  /** Command names from the root: [] for voicectl itself, ["tts", "create"], ... */
  path: string[];
  description: string;
  subs: NodeSpec[];
  flags: FlagSpec[];
  /** Candidates of each positional argument, in order. */
  args: Values[];
}

/** Lists completion needs besides the declarations: the voice catalog (src/schemas/voices.ts). */
export interface Enums {
  voices: readonly string[];
}

const words = (w: readonly string[]): Values => ({ kind: 'words', words: [...w] });

/** Candidates of a value, from its declaration (src/commands/define.ts); commander's .choices() wins. */
function valuesOf(complete: Complete | undefined, choices: readonly string[] | undefined, e: Enums): Values {
  if (choices?.length) return words(choices);
  if (complete === 'profiles') return { kind: 'profiles' };
  if (complete === 'voices') return words(e.voices);
  if (Array.isArray(complete)) return words(complete);
  return { kind: 'files' };
}

const GLOBAL_COMPLETE = new Map(GLOBAL_FLAGS.map((g) => [new Option(g.flags).long, g.complete]));

/** Reads the tree under `cmd`. Hidden options are left out, except the global ones every command accepts. */
export function readTree(
  cmd: Command,
  e: Enums,
  path: string[] = [],
  globals = new Set(cmd.options.map((o) => o.long)),
): NodeSpec {
  const flags: FlagSpec[] = cmd.options
    .filter((o) => !o.hidden || globals.has(o.long))
    .map((o) => ({
      long: o.long,
      short: o.short,
      description: o.description,
      values:
        o.required || o.optional
          ? valuesOf(flagOf(o)?.complete ?? GLOBAL_COMPLETE.get(o.long), o.argChoices, e)
          : undefined,
    }));
  if (!flags.some((fl) => fl.long === '--help')) flags.push({ long: '--help', short: '-h', description: 'show help' });
  return {
    path,
    description: cmd.description().split('\n')[0] || cmd.summary(),
    subs: cmd.commands.filter((c) => !isHidden(c)).map((c) => readTree(c, e, [...path, c.name()], globals)),
    flags,
    args: cmd.registeredArguments.map((a) => valuesOf(argOf(a)?.complete, a.argChoices, e)),
  };
}

export function allNodes(n: NodeSpec): NodeSpec[] {
  return [n, ...n.subs.flatMap(allNodes)];
}

/** Voice names for --voice: the built-in catalog (src/schemas/voices.ts), the same list that checks --voice. */
export function loadVoices(): string[] {
  return VOICES.map((v) => v.id);
}
