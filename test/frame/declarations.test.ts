// One declaration per command (src/commands/define.ts): every declared flag reaches --help, the completion script
// and, where the command is an MCP tool, the tool's input schema; docs/commands.md is the reference they write.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import {
  type AnyCommand,
  declarationOf,
  type Flag,
  type GroupDef,
  longOf,
  ownCommand,
  toolKey,
} from '../../src/commands/define.js';
import { renderReference } from '../../src/commands/reference.js';
import { testStreams } from '../../src/io/streams.js';
import { toolsOf } from '../../src/mcp/tools.js';
import { cli, ROOT } from '../helpers/cli.js';

async function declared() {
  const { program } = await buildProgram([], { io: testStreams(), env: {}, loadAll: true });
  const out: { path: string[]; def: AnyCommand; cmd: Command }[] = [];
  const walk = (cmd: Command, path: string[]) => {
    const decl = declarationOf(cmd);
    const own = decl && 'commands' in decl ? ownCommand(decl as GroupDef) : (decl as AnyCommand | undefined);
    if (own) out.push({ path, def: own, cmd });
    for (const sub of cmd.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return { program, commands: out };
}

describe('the declarations', () => {
  it('docs/commands.md is current (run `npm run docs` after changing a declaration)', async () => {
    const { program } = await declared();
    expect(readFileSync(join(ROOT, 'docs/commands.md'), 'utf8')).toBe(renderReference(program));
  });

  it('every declared flag reaches --help and the completion script', async () => {
    const { commands } = await declared();
    expect(commands.length).toBeGreaterThan(15);
    const script = (await cli(['completion', 'bash'])).stdout;
    // The case of the function that lists each command's flags.
    const bash = script.slice(script.indexOf('_voicectl_flags() {'), script.indexOf('_voicectl_valflags() {'));
    for (const { path, def } of commands) {
      const help = (await cli([...path, '--help'])).stdout;
      for (const fl of Object.values(def.flags as Record<string, Flag>)) {
        const long = longOf(fl);
        if (fl.hidden) {
          expect(help, `${path.join(' ')} ${long}`).not.toContain(long);
          continue;
        }
        expect(help, `${path.join(' ')} --help: ${long}`).toContain(fl.flag);
        const line = bash.split('\n').find((l) => l.startsWith(`    '${path.join(' ')}') printf `));
        expect(line, `completion of ${path.join(' ')}: ${long}`).toMatch(new RegExp(`[ ']${long}[ ']`));
      }
    }
  });

  it('every declared flag of a command that is an MCP tool is a field of its input schema, or says it is not', async () => {
    const { commands } = await declared();
    const tools = commands.filter((c) => c.def.mcp);
    expect(tools.length).toBeGreaterThan(5);
    const groups = commands.flatMap(({ cmd }) => {
      const d = declarationOf(cmd.parent!);
      return d && 'commands' in d ? [d] : [];
    });
    const TOOLS = toolsOf([...new Set(groups)]);
    // Every command that declares a tool has one, and every tool is a command's.
    expect(TOOLS.map((t) => t.command).sort()).toEqual(tools.map(({ path }) => path.join(' ')).sort());
    for (const { def } of tools) {
      const tool = TOOLS.find((t) => t.name === def.mcp?.name);
      expect(tool, def.mcp?.name).toBeDefined();
      const fields = Object.keys(tool!.input.shape);
      for (const [key, d] of [...Object.entries(def.args), ...Object.entries(def.flags)] as [string, Flag][]) {
        const field = toolKey(key, d);
        if (field !== undefined) expect(fields, `${def.mcp?.name}: ${key}`).toContain(field);
        // A flag that does not declare a field is not one, under its own name or any other.
        else if (!(key in (def.mcp?.fields ?? {}))) expect(fields, `${def.mcp?.name}: ${key}`).not.toContain(key);
      }
    }
  });
});
