// The tools of `voicectl mcp`, derived from the command declarations: every command that declares `mcp` is a tool,
// with its name, description, annotations and input schema from the declaration, and its work in the command's
// own module (`act`). Nothing here knows any command.
import * as z from 'zod/mini';
import type { AgentContext } from '../commands/agent.js';
import {
  type AnyCommand,
  type Flags,
  type GroupDef,
  longOf,
  optionsOf,
  type ToolSpec,
  toolKey,
  toolShape,
} from '../commands/define.js';

type Rec = Record<string, unknown>;

export interface Tool {
  name: string;
  description: string;
  /** The tool's fields, parsed (defaults applied) before its act runs. */
  input: z.ZodMiniObject;
  spec: ToolSpec;
  /** The command it is (its path, such as `campaigns create`): for the errors and the docs. */
  command: string;
  /** Its flags that are fields, as the command line spells them and as the tool does: `--default-country` -> `defaultCountry`. */
  fields: [flag: string, field: string][];
  run(ctx: AgentContext, input: Rec, sent: Rec): Promise<Rec>;
}

/** The tool of one command's declaration. */
function toolOf(def: AnyCommand, group: string): Tool {
  const spec = def.mcp as ToolSpec;
  return {
    name: spec.name,
    description: spec.description,
    input: z.object(toolShape(def)),
    spec,
    command: `${group} ${def.name}`,
    fields: Object.entries(def.flags as Flags).flatMap(([key, d]) => {
      const field = toolKey(key, d);
      return field === undefined ? [] : [[longOf(d), field] as [string, string]];
    }),
    async run(ctx, input, sent) {
      const { act } = await spec.load();
      return act(ctx, input, sent, optionsOf(def, input));
    },
  };
}

/** The tools of these groups' commands, in the order of the groups and their commands. */
export function toolsOf(groups: GroupDef[]): Tool[] {
  return groups.flatMap((g) => g.commands.filter((c) => c.mcp && !c.hidden).map((c) => toolOf(c, g.name)));
}

/**
 * Text of the commands (an error, a hint, a note) in the words of an agent, from the declarations: a flag of the
 * tool's command that is one of its fields becomes the field (`--default-country` -> `defaultCountry`), and a
 * command that is a tool becomes the tool (`voicectl campaigns start` -> `campaigns_start`). The rest stays as
 * written: a flag the tool does not offer is the command line's, and says so by its spelling.
 */
export function inToolWords(tool: Tool | undefined, catalog: Tool[], invocation: string): (text: string) => string {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const commands = catalog.map(
    (t) => [new RegExp(`${literal(invocation)} ${literal(t.command)}(?![\\w-])`, 'g'), t.name] as const,
  );
  const flags = (tool?.fields ?? []).map(
    ([flag, field]) => [new RegExp(`${literal(flag)}(?![\\w-])`, 'g'), field] as const,
  );
  return (text) => {
    let out = text;
    for (const [re, name] of [...commands, ...flags]) out = out.replace(re, name);
    return out;
  };
}
