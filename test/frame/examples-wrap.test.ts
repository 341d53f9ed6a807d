// Help examples fit 80 columns and still paste: a long one is split before a flag (with its value) or a pipe, each
// line but the last ending in " \", so that a shell reads the lines back as the one command declared.
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';

const COMMANDS = [
  ['campaigns', 'create'],
  ['campaigns', 'results'],
  ['campaigns', 'report'],
  ['messages', 'list'],
  ['calls', 'list'],
  ['contacts', 'convert'],
  ['tts', 'create'],
  [],
];

describe('examples in help', () => {
  it.each(COMMANDS.map((c) => [c.join(' ') || 'voicectl', c]))(
    '%s: fit 80 columns, split at a flag',
    async (_name, argv) => {
      const r = await cli([...(argv as string[]), '--help']);
      expect(r.code).toBe(0);
      const section = r.stdout.slice(r.stdout.indexOf('Examples:'));
      const lines = section.split('\n');
      for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(80);
      lines.forEach((l, i) => {
        if (!lines[i - 1]?.endsWith(' \\')) return;
        // A continuation starts with a flag, a pipe or a redirection: never a flag's value, never half a word.
        expect(l, `after ${lines[i - 1]}`).toMatch(/^ {6}(--?[a-z]|\| |> )/);
      });
    },
  );

  it("campaigns create's long examples read back as the commands declared", async () => {
    const r = await cli(['campaigns', 'create', '--help']);
    const joined = r.stdout.replace(/ \\\n +/g, ' ');
    expect(joined).toContain(
      '$ voicectl contacts convert leads.csv --default-country IT | voicectl campaigns create --name Night --agent agent_sales --from +390212345678 --contacts - --start',
    );
    expect(r.stdout).toContain(' \\\n      --from +390212345678 --contacts leads.csv');
  });
});
