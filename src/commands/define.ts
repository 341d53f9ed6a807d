// One declaration per command (wrangler's createCommand is the model): its name, help, examples, flags and
// arguments, and the function that runs it. Commander's options, the validated options (and their type), shell
// completion, the MCP tool's input schema and docs/commands.md are all derived from it.
import { Argument, Command, Option } from 'commander';
import * as z from 'zod/mini';
import { UsageError } from '../errors.js';
import type { Factory } from '../factory.js';
import { parseOptions } from '../options.js';
import type { AgentContext } from './agent.js';
import { examples as addExamples } from './help.js';

/**
 * Where completion finds a value's candidates: files, the stored profiles (read when completing), the voice
 * catalog, or a fixed list of words.
 */
export type Complete = 'files' | 'profiles' | 'voices' | readonly string[];

/**
 * A field of the command's MCP tool: named, typed or described otherwise than the flag, where they differ. A flag
 * is a field of the tool only when it says so (`mcp: {}` keeps the flag's name, schema and help): a flag added
 * for the terminal never reaches an agent by accident.
 */
interface McpField {
  /** The field's name where it differs from the flag's, `as const` (the tool's input type is keyed by it). */
  key?: string;
  /** The value as a JSON client sends it (a number where the flag takes text); the flag's schema otherwise. */
  schema?: z.core.$ZodType;
  description?: string;
}

export interface Flag<S extends z.core.$ZodType = z.core.$ZodType> {
  /** As commander takes it: `-w, --wait`, `--text <text>`, `--map <var=field>`. */
  flag: string;
  help: string;
  /** The rule and the default (the only place a default is written). */
  schema: S;
  /** Candidates of the value (flags that take one); files when absent. */
  complete?: Complete;
  /** Given several times, the values are collected in a list. */
  repeatable?: true;
  /** Commander refuses the command without it (its own message, before anything runs). */
  mandatory?: true;
  /** Accepted, not shown in help or completion. */
  hidden?: true;
  /** For a command that is an MCP tool: the tool's field; absent or false, the tool has none. */
  mcp?: McpField | false;
}

export interface Arg<S extends z.core.$ZodType = z.core.$ZodType> {
  /** `<id>`, `<id...>`, `[name]`. */
  name: string;
  help: string;
  schema: S;
  complete?: Complete;
  /** Commander refuses other values (its own message). */
  choices?: readonly string[];
  mcp?: McpField | false;
}

type Shape<T extends Record<string, { schema: z.core.$ZodType }>> = { [K in keyof T]: T[K]['schema'] };
export type Flags = Record<string, Flag>;
export type Args = Record<string, Arg>;

/**
 * The options a command's run gets: every flag and argument, parsed by its schema. Written from the flags and
 * arguments (`Options<typeof flags, typeof args>`), not from the command, whose type depends on its run's.
 */
export type Options<F extends Flags, A extends Args = Record<never, Arg>> = z.infer<
  z.ZodMiniObject<Shape<F> & Shape<A>>
>;

/** What a command runs: its options parsed, and the commander command it runs in (completion reads its root). */
type Run<O> = (f: Factory, opts: O, cmd: Command) => Promise<void>;

/**
 * A command's work for an agent: the tool's fields parsed (`input`), as the client sent them (`sent`), and as the
 * command's options (`opts`: each field at its flag, every other flag at its default; see optionsOf), so that the act
 * can call the same work as the command's run.
 */
// biome-ignore lint/suspicious/noExplicitAny: each act types its own input (ToolInput of its declaration) and options
type AnyInput = any;
type Act = (
  ctx: AgentContext,
  input: AnyInput,
  sent: Record<string, unknown>,
  opts: AnyInput,
) => Promise<Record<string, unknown>>;

/**
 * The command as an MCP tool (`voicectl mcp`): everything the tool is besides the fields its flags declare. The
 * adapter in src/mcp turns it into the tool's name, input schema, description and annotations, and calls `act`.
 */
export interface ToolSpec {
  name: string;
  /** One or two sentences: the tool list is read in every conversation. */
  description: string;
  /** Changes something, spends or writes a file: offered only with --allow-write; neither read-only nor idempotent. */
  write?: true;
  /** Needs a file of --dir: offered only with --dir. */
  files?: true;
  /** Works offline, on this machine alone (no request to the service). */
  local?: true;
  /**
   * Fields of the result that the tool makes itself (a plan's id, a count): every other field is listed as untrusted
   * by construction, so that a field the service adds tomorrow is marked the day it arrives.
   */
  trusted?: string[];
  /** Fields of the tool alone (a plan's id, the JSON body's own fields), after those of the flags. */
  fields?: Record<string, z.core.$ZodType>;
  /**
   * The module that does the command's work for an agent: `act(ctx, input, sent, opts)` (see Act), returning the
   * result (the notes the work logs are added to it). Loaded on the tool's first call.
   */
  load: () => Promise<{ act: Act }>;
}

export interface CommandSpec<F extends Flags, A extends Args> {
  name: string;
  aliases?: string[];
  /** Left out of help and completion (run by voicectl itself, not typed). */
  hidden?: true;
  /** One line: help's first paragraph, the group's list of commands, completion and docs/commands.md. */
  summary: string;
  /** What help says after the summary, one paragraph or more. */
  description?: string;
  examples: string[];
  flags?: F;
  /** Positional arguments, in order. */
  args?: A;
  /** Rules across flags (`--rejects` needs `--skip-invalid`), checked with the flags. */
  checks?: z.core.$ZodCheck<NoInfer<Options<F, A>>>[];
  /** The command's MCP tool, when it has one. */
  mcp?: ToolSpec;
  /**
   * `false`: the command never prints JSON or records (a shell script, a server, a message on stderr), so --jq and
   * --fields are refused (exit 2) rather than ignored.
   */
  json?: false;
  /**
   * The module that runs it, loaded when the command runs (never for --help or completion). Given the options, it
   * may choose a lighter module for a run that needs less (`tts create --dry-run` sends nothing).
   */
  load: (opts: NoInfer<Options<F, A>>) => Promise<{ run: Run<NoInfer<Options<F, A>>> }>;
}

export interface CommandDef<F extends Flags = Flags, A extends Args = Args> extends CommandSpec<F, A> {
  flags: F;
  args: A;
}

export function defineCommand<F extends Flags = Record<never, Flag>, A extends Args = Record<never, Arg>>(
  spec: CommandSpec<F, A>,
): CommandDef<F, A> {
  return { ...spec, flags: spec.flags ?? ({} as F), args: spec.args ?? ({} as A) };
}

// biome-ignore lint/suspicious/noExplicitAny: a command of any options (each runs with options of its own)
export type AnyCommand = CommandDef<any, any>;

export interface GroupDef {
  name: string;
  summary: string;
  description?: string;
  examples: string[];
  /** What the group runs by itself (`voicectl sandbox`), when it does: its flags and module; the rest is the group's. */
  // biome-ignore lint/suspicious/noExplicitAny: the group's own options (its run checks them against its flags)
  own?: { flags: Flags; load: (opts: any) => Promise<{ run: Run<any> }>; json?: false };
  commands: AnyCommand[];
}

export const defineGroup = (group: GroupDef): GroupDef => group;

// The declarations behind the commander objects they made: completion and docs read them from the program.
const commandDefs = new WeakMap<Command, AnyCommand | GroupDef>();
const flagDefs = new WeakMap<Option, Flag>();
const argDefs = new WeakMap<Argument, Arg>();
export const declarationOf = (cmd: Command) => commandDefs.get(cmd);
export const flagOf = (opt: Option) => flagDefs.get(opt);
export const argOf = (arg: Argument) => argDefs.get(arg);

/** `--dry-run <x>` -> `--dry-run`. */
export const longOf = (flag: Flag) => new Option(flag.flag).long ?? flag.flag;

const helpText = (d: { summary: string; description?: string }) =>
  d.description ? `${d.summary}\n\n${d.description}` : d.summary;

/** The options' schema: every flag and argument, with the rules across them. */
function optionsSchema<F extends Flags, A extends Args>(def: CommandDef<F, A>) {
  const shape = Object.fromEntries(
    [...Object.entries(def.args), ...Object.entries(def.flags)].map(([k, d]) => [k, d.schema]),
  ) as Shape<F> & Shape<A>;
  const schema = z.object(shape);
  return def.checks?.length ? schema.check(...def.checks) : schema;
}

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

export function makeCommand(f: Factory, def: AnyCommand): Command {
  return addExamples(commandOf(f, def), def.examples);
}

function commandOf(f: Factory, def: AnyCommand): Command {
  const cmd = new Command(def.name).summary(def.summary).description(helpText(def));
  for (const alias of def.aliases ?? []) cmd.alias(alias);
  const argKeys = Object.keys(def.args);
  for (const a of Object.values(def.args as Args)) {
    const arg = new Argument(a.name, a.help);
    if (a.choices) arg.choices(a.choices);
    argDefs.set(arg, a);
    cmd.addArgument(arg);
  }
  for (const fl of Object.values(def.flags as Flags)) {
    const opt = new Option(fl.flag, fl.help);
    if (fl.repeatable) opt.argParser(collect);
    if (fl.mandatory) opt.makeOptionMandatory();
    if (fl.hidden) opt.hideHelp();
    flagDefs.set(opt, fl);
    cmd.addOption(opt);
  }
  cmd.action(async (...values: unknown[]) => {
    const raw: Record<string, unknown> = { ...(values[argKeys.length] as Record<string, unknown>) };
    const self = values[argKeys.length + 1] as Command;
    argKeys.forEach((k, i) => {
      raw[k] = values[i];
    });
    const names = Object.fromEntries(argKeys.map((k) => [k, (def.args as Args)[k].name]));
    const opts = parseOptions(optionsSchema(def), raw, names);
    const { run } = await def.load(opts);
    await run(f, opts, self);
  });
  if (def.json === false) refuseOutputFlags(f, cmd);
  commandDefs.set(cmd, def);
  return cmd;
}

/**
 * --jq and --fields on a command that prints no JSON or records: exit 2 saying so, rather than ignored. Checked as
 * the command runs, before anything else it does (commander runs the hooks of its ancestors too: only its own run).
 */
function refuseOutputFlags(f: Factory, cmd: Command): void {
  cmd.hook('preAction', (_self, action) => {
    if (action !== cmd) return;
    const g = f.globals();
    const flag = g.jq !== undefined ? '--jq' : g.fields !== undefined ? '--fields' : undefined;
    if (!flag) return;
    const words: string[] = [];
    for (let c: Command | null = cmd; c; c = c.parent) words.unshift(c.name());
    throw new UsageError(`${flag}: \`${words.join(' ')}\` prints no JSON or records: ${flag} has nothing to work on`);
  });
}

/** The group's own command (`voicectl sandbox`) with the group's name, help and examples. */
export function ownCommand(group: GroupDef): AnyCommand | undefined {
  if (!group.own) return undefined;
  const { name, summary, description, examples } = group;
  return { ...group.own, args: {}, name, summary, description, examples };
}

/**
 * The group's command with its verbs. Given the words of the command line, only the verbs they name (by name or
 * alias: commander runs no other) are made in full; each other verb is a listing, as much as the group's help,
 * its "did you mean" and a help topic's check read (see listing). Without them (completion, docs), every verb is
 * made in full.
 */
export function makeGroup(f: Factory, group: GroupDef, words?: ReadonlySet<string>): Command {
  const own = ownCommand(group);
  const cmd = own ? commandOf(f, own) : new Command(group.name).summary(group.summary).description(helpText(group));
  for (const def of group.commands) {
    const named = !words || words.has(def.name) || (def.aliases ?? []).some((a) => words.has(a));
    cmd.addCommand(named ? makeCommand(f, def) : listing(def), def.hidden ? { hidden: true } : {});
  }
  commandDefs.set(cmd, group);
  return addExamples(cmd, group.examples);
}

const listings = new WeakSet<Command>();

/** Whether `cmd` is a listing: a command as its parent's help lists it, which never runs. */
export const isListing = (cmd: Command): boolean => listings.has(cmd);

/**
 * A command as its parent's help lists it (name, alias, arguments, summary), without its options, help or run, the
 * parts that cost the most to make. It is not configured further (global options, help, exit override), and running
 * it is a bug, said as one.
 */
function listing(def: AnyCommand): Command {
  const cmd = new Command(def.name).summary(def.summary);
  for (const alias of def.aliases ?? []) cmd.alias(alias);
  for (const a of Object.values(def.args as Args)) cmd.addArgument(new Argument(a.name));
  cmd.action(() => {
    throw new Error(`${def.name} was listed, not built, for this command line`);
  });
  listings.add(cmd);
  return cmd;
}

/** The default a schema gives when the flag is left out (z._default or z.prefault), if any. */
export function defaultOf(schema: z.core.$ZodType): unknown {
  const def = schema._zod.def as { type: string; defaultValue?: unknown };
  return def.type === 'default' || def.type === 'prefault' ? def.defaultValue : undefined;
}

/**
 * The input schema of a command's MCP tool: the flags and arguments that declare `mcp`, under their tool names,
 * typed and described for a JSON client (the flag's own schema and help where the tool says nothing else), then
 * the tool's own fields.
 */
// biome-ignore lint/suspicious/noExplicitAny: a tool's fields are typed by the schemas it runs them through
export function toolShape(def: AnyCommand): Record<string, z.core.$ZodType<any>> {
  const out: Record<string, z.core.$ZodType> = {};
  for (const [key, d] of [...Object.entries(def.args as Args), ...Object.entries(def.flags as Flags)]) {
    if (!d.mcp) continue;
    out[d.mcp.key ?? key] = described(d.mcp.schema ?? d.schema, d.mcp.description ?? d.help);
  }
  return { ...out, ...def.mcp?.fields };
}

type McpOf<D> = D extends { mcp: infer M } ? M : undefined;
// A key written without `as const` is widened to string and would name no field: the type says so where it is used.
type FieldKey<K, D> =
  McpOf<D> extends { key: infer N extends string }
    ? string extends N
      ? `${K & string}: write its mcp key as const`
      : N
    : K;
type FieldSchema<D> =
  McpOf<D> extends { schema: infer S extends z.core.$ZodType }
    ? S
    : D extends { schema: infer S extends z.core.$ZodType }
      ? S
      : never;
type ToolFields<T> = {
  [K in keyof T as McpOf<T[K]> extends false | undefined ? never : FieldKey<K, T[K]>]: FieldSchema<T[K]>;
};

/** The input of a command's tool, as its act gets it: the fields its flags and arguments declare, parsed. */
export type ToolInput<
  F extends Flags,
  A extends Args = Record<never, Arg>,
  X extends Record<string, z.core.$ZodType> = Record<never, z.core.$ZodType>,
> = z.infer<z.ZodMiniObject<ToolFields<F> & ToolFields<A> & X>>;

/**
 * A copy of `schema` described for a JSON Schema, as classic zod's `.describe()` does (zod/mini, in which every
 * schema here is written, has no such method).
 */
export function described<S extends z.core.$ZodType>(schema: S, description: string): S {
  const copy = z.clone(schema);
  z.globalRegistry.add(copy, { description });
  return copy;
}

/** The tool field a flag or argument reaches (undefined: none). */
export function toolKey(key: string, d: Flag | Arg): string | undefined {
  return d.mcp ? (d.mcp.key ?? key) : undefined;
}

/**
 * The options a command's run gets, from its tool's input: each field at its flag or argument, every other flag at
 * its default (what the command line gives when the flag is absent). The work behind both front ends then takes one
 * type, and an agent's call is the command run with those flags.
 */
export function optionsOf<F extends Flags, A extends Args>(
  def: CommandDef<F, A>,
  input: Record<string, unknown>,
): Options<F, A> {
  const out: Record<string, unknown> = {};
  const decls = [...Object.entries(def.args as Args), ...Object.entries(def.flags as Flags)];
  for (const [key, d] of decls) {
    const field = toolKey(key, d);
    if (field !== undefined && input[field] !== undefined) {
      out[key] = asFlag(key, d, input[field]);
      continue;
    }
    // A flag without a default (an optional value, or one the tool must give) stays absent.
    const absent = z.safeParse(d.schema, undefined);
    if (absent.success && absent.data !== undefined) out[key] = absent.data;
  }
  return out as Options<F, A>;
}

/**
 * A field's value as its flag's: a field typed for JSON (`timeoutSeconds: 30`, where `--timeout` takes `30s` or
 * `30`) is parsed by the flag's schema as the command line would give it, as text, and else as it is (a switch, a
 * list). Both failing is a declaration whose two schemas disagree: a bug, said as one.
 */
function asFlag(key: string, d: Flag | Arg, value: unknown): unknown {
  if (!d.mcp || d.mcp.schema === undefined) return value;
  const text = Array.isArray(value)
    ? value.map(String)
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : value;
  for (const v of [text, value]) {
    const r = z.safeParse(d.schema, v);
    if (r.success) return r.data;
  }
  throw new Error(`${key}: the tool's value ${JSON.stringify(value)} is not one its flag takes (declaration bug)`);
}
