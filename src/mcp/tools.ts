// The tools of `voicectl mcp`, derived from the command declarations: every command that declares `mcp` is a tool,
// with its name, description, annotations and input schema from the declaration, and its work in the command's
// own module (`act`). Nothing here knows any command.
import * as z from 'zod/mini';
import type { AgentContext } from '../commands/agent.js';
import { type AnyCommand, type GroupDef, type ToolSpec, toolShape } from '../commands/define.js';

type Rec = Record<string, unknown>;

export interface Tool {
  name: string;
  description: string;
  /** The tool's fields, parsed (defaults applied) before its act runs. */
  input: z.ZodMiniObject;
  spec: ToolSpec;
  /** The command it is (its path, such as `campaigns create`): for the errors and the docs. */
  command: string;
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
    async run(ctx, input, sent) {
      const { act } = await spec.load();
      return act(ctx, input, sent);
    },
  };
}

/** The tools of these groups' commands, in the order of the groups and their commands. */
export function toolsOf(groups: GroupDef[]): Tool[] {
  return groups.flatMap((g) => g.commands.filter((c) => c.mcp && !c.hidden).map((c) => toolOf(c, g.name)));
}
