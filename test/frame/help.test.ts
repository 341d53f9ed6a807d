// Help: every command of the program has it, with examples, the same however it is asked for
// (`--help`, `-h`, `voicectl help <command>`) and whether it is rendered in-process or by bin/voicectl.js.
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { testStreams } from '../../src/io/streams.js';
import { cli, spawnCli } from '../helpers/cli.js';

const { program } = await buildProgram([], { io: testStreams(), env: {}, loadAll: true });
const paths: string[] = [];
const walk = (cmd: typeof program, path: string[]): void => {
  paths.push(path.join(' '));
  for (const sub of cmd.commands) walk(sub, [...path, sub.name()]);
};
walk(program, []);

describe('help', () => {
  it('covers every command group and verb of the program', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        '',
        'tts',
        'tts create',
        'tts wait',
        'voices list',
        'campaigns create',
        'contacts convert',
        'messages send-sms',
        'calls list',
        'api',
        'profiles add',
        'auth status',
        'completion',
        'sandbox',
      ]),
    );
  });

  it.each(paths)('"%s" has help with examples and the global options', async (path) => {
    const words = path ? path.split(' ') : [];
    const r = await cli([...words, '--help'], { key: null });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Examples:\n  $ voicectl');
    if (words.length === 2) expect(r.stdout).toMatch(/\nGlobal options: (.|\n)*-q,/);
  });

  it('`voicectl help <command>` and -h print the same help as --help', async () => {
    const help = await cli(['tts', 'create', '--help'], { key: null });
    expect((await cli(['help', 'tts', 'create'], { key: null })).stdout).toBe(help.stdout);
    expect((await cli(['tts', 'create', '-h'], { key: null })).stdout).toBe(help.stdout);
  });

  it('bin/voicectl.js prints the same help, piped, as the CLI renders in-process', async () => {
    const live = await cli(['tts', 'create', '--help'], { key: null });
    const r = await spawnCli(['tts', 'create', '--help'], { key: null });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(live.stdout);
    expect(r.stderr).toBe('');
  });
});
