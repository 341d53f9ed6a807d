// The command tree as completion needs it, read from the real program (buildProgram with every group loaded),
// so the scripts never drift from the commands. Enum values come from the schemas that validate them.
import type { Command } from 'commander';

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

export interface Enums {
  ttsStatuses: readonly string[];
  channels: readonly string[];
  strategies: readonly string[];
  formats: readonly string[];
  voices: readonly string[];
  methods: readonly string[];
  shells: readonly string[];
}

const words = (w: readonly string[]): Values => ({ kind: 'words', words: [...w] });

/** Candidates of a flag's value, by the flag's name and where it is (commander's .choices() wins). */
function flagValues(
  path: string[],
  long: string | undefined,
  choices: readonly string[] | undefined,
  e: Enums,
): Values {
  if (choices?.length) return words(choices);
  switch (long) {
    case '--output':
      return words(e.formats);
    case '--profile':
      return { kind: 'profiles' };
    case '--channel':
      return words(e.channels);
    case '--voice':
      return words(e.voices);
    case '--status':
      return path[0] === 'tts' ? words(e.ttsStatuses) : { kind: 'files' };
    case '--method':
      return words(e.methods);
  }
  if (long && /strategy$/.test(long)) return words(e.strategies);
  return { kind: 'files' };
}

function argValues(
  path: string[],
  name: string,
  index: number,
  choices: readonly string[] | undefined,
  e: Enums,
): Values {
  if (choices?.length) return words(choices);
  const where = path.join(' ');
  if (where === 'completion') return words(e.shells);
  if (where === 'api' && index === 0) return words(e.methods);
  if (path[0] === 'profiles' && /^(name|profile)$/.test(name) && path[1] !== 'add') return { kind: 'profiles' };
  if (/voice/.test(name)) return words(e.voices);
  return { kind: 'files' };
}

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
      values: o.required || o.optional ? flagValues(path, o.long, o.argChoices, e) : undefined,
    }));
  if (!flags.some((fl) => fl.long === '--help')) flags.push({ long: '--help', short: '-h', description: 'show help' });
  return {
    path,
    description: cmd.description().split('\n')[0] || cmd.summary(),
    subs: cmd.commands
      .filter((c) => !(c as unknown as { _hidden?: boolean })._hidden)
      .map((c) => readTree(c, e, [...path, c.name()], globals)),
    flags,
    args: cmd.registeredArguments.map((a, i) => argValues(path, a.name(), i, a.argChoices, e)),
  };
}

export function allNodes(n: NodeSpec): NodeSpec[] {
  return [n, ...n.subs.flatMap(allNodes)];
}

/** Voice names for --voice: the built-in catalog (src/schemas/voices.ts), the same list that checks --voice. */
export async function loadVoices(): Promise<string[]> {
  const { VOICES } = await import('../../schemas/voices.js');
  return VOICES.map((v) => v.id);
}
