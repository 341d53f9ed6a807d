// Help: every command has it, with examples, and the help the build renders ahead (dist/help.json, served by
// bin/ when stdout is not a terminal) is exactly what the CLI renders live.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, spawnCli } from '../helpers/cli.js';

const rendered = JSON.parse(readFileSync(join(ROOT, 'dist/help.json'), 'utf8')) as Record<string, string>;

describe('help', () => {
  it('is rendered ahead for every command of the program', () => {
    expect(Object.keys(rendered)).toEqual(
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

  it.each(Object.keys(rendered))('"%s": the ahead copy equals the live one, and has examples', async (path) => {
    const words = path ? path.split(' ') : [];
    const live = await cli([...words, '--help'], { key: null });
    expect(live.code).toBe(0);
    expect(rendered[path]).toBe(live.stdout);
    expect(live.stdout).toContain('Examples:\n  $ voicectl');
  });

  it('`voicectl help <command>` is the same help, and every command lists the global options', async () => {
    const r = await cli(['help', 'tts', 'create'], { key: null });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(rendered['tts create']);
    expect(rendered['messages list']).toMatch(/\nGlobal options: (.|\n)*-q,/);
  });

  it('bin/voicectl.js serves it when piped, and -h is the same', async () => {
    const r = await spawnCli(['tts', 'create', '--help'], { key: null });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(rendered['tts create']);
    const h = await spawnCli(['tts', 'create', '-h'], { key: null });
    expect(h.stdout).toBe(rendered['tts create']);
  });
});
