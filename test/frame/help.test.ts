// Help rendered from the tables: the root help lists every group with its summary (src/commands/groups.ts), and a
// group's summary names every command of the group; the exit codes come from the one table (src/errors.ts); group
// help lists each command by its summary. Every line fits 80 columns.
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { isHidden } from '../../src/commands/commander.js';
import { EXIT_CODE_HELP, ExitCode } from '../../src/errors.js';
import { testStreams } from '../../src/io/streams.js';
import { cli } from '../helpers/cli.js';

async function groups() {
  const { program } = await buildProgram([], { io: testStreams(), env: {}, loadAll: true });
  return program.commands.map((g) => ({
    name: g.name(),
    commands: g.commands.filter((c) => !isHidden(c)).map((c) => c.name()),
  }));
}

const tooWide = (text: string) => text.split('\n').filter((l) => l.length > 80);

describe('voicectl --help', () => {
  it('names every group and, in its summary, every command of it; every exit code with its meaning; 80 columns', async () => {
    const r = await cli(['--help'], { columns: 80 });
    expect(r.code).toBe(0);
    // Commander wraps a summary onto lines indented under it; the exit codes wrap onto lines indented by two.
    const help = r.stdout.replace(/\n {20,}/g, ' ');
    for (const g of await groups()) {
      const line = help.split('\n').find((l) => l.startsWith(`  ${g.name} `));
      expect(line, g.name).toBeDefined();
      for (const c of g.commands) expect(line, `${g.name} ${c}`).toMatch(new RegExp(`[ :,]${c}(,|$| )`));
    }
    const flat = r.stdout.replace(/\s+/g, ' ');
    for (const [k, code] of Object.entries(ExitCode))
      expect(flat).toContain(`${code} ${EXIT_CODE_HELP[k as keyof typeof ExitCode]}`);
    expect(tooWide(r.stdout)).toEqual([]);
  });

  it('group help: each command by its one-line summary, not its whole description; 80 columns', async () => {
    for (const g of await groups()) {
      const r = await cli([g.name, '--help'], { columns: 80 });
      expect(r.code, g.name).toBe(0);
      expect(tooWide(r.stdout), g.name).toEqual([]);
    }
    const campaigns = (await cli(['campaigns', '--help'], { columns: 80 })).stdout;
    // `campaigns show`'s description (its --watch paragraph) stays in its own help.
    expect(campaigns).not.toContain('--watch checks every 5 seconds');
    expect((await cli(['campaigns', 'show', '--help'], { columns: 80 })).stdout).toContain('--watch checks every 5');
  });
});

describe('a group of which a run builds only the verb it names (the others are listings)', () => {
  it('has the same help as the group with every verb built, for every group', async () => {
    const io = testStreams();
    const { program } = await buildProgram([], { io, env: {}, loadAll: true });
    for (const g of program.commands) {
      const before = io.stdout().length;
      g.outputHelp();
      const r = await cli([g.name(), '--help'], { key: null });
      expect(r.stdout, g.name()).toBe(io.stdout().slice(before));
    }
  });

  it('names its verbs in "did you mean", from the listings', async () => {
    const r = await cli(['campaigns', 'reslts'], { key: null });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "error: unknown command 'reslts'\n(Did you mean results?)\n(see: voicectl campaigns --help)\n",
    );
  });
});

describe('the global options, declared once', () => {
  it('thirteen entries: each key is what commander names its flag, and the schema parses exactly those keys', async () => {
    const { Option } = await import('commander');
    const { GLOBAL_FLAGS } = await import('../../src/global-flags.js');
    const { GlobalOptions } = await import('../../src/globals.js');
    expect(GLOBAL_FLAGS).toHaveLength(13);
    for (const g of GLOBAL_FLAGS) expect(new Option(g.flags).attributeName(), g.flags).toBe(g.key);
    expect(Object.keys(GlobalOptions.shape).sort()).toEqual(GLOBAL_FLAGS.map((g) => g.key).sort());
    const root = (await cli(['--help'], { columns: 80 })).stdout;
    for (const g of GLOBAL_FLAGS) expect(root, g.flags).toContain(g.flags);
  });
});
