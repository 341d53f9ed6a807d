// Prompts driven through the real @inquirer/prompts on in-memory streams that claim to be a terminal:
// Ctrl-C at a prompt arrives as the key \x03 (the terminal is in raw mode) and must be an interrupt
// (exit 130), never an "unexpected failure".
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExitCode, InterruptedError } from '../../src/errors.js';
import { makePrompter } from '../../src/io/prompter.js';
import { testStreams } from '../../src/io/streams.js';
import { cli, tempDir } from '../helpers/cli.js';

describe('prompter', () => {
  it.each([
    ['input', (p: ReturnType<typeof makePrompter>) => p.input('Name:')],
    ['password', (p: ReturnType<typeof makePrompter>) => p.password('Key:')],
    ['confirm', (p: ReturnType<typeof makePrompter>) => p.confirm('Go?', true)],
    ['select', (p: ReturnType<typeof makePrompter>) => p.select('Pick:', [{ value: 'a' }, { value: 'b' }])],
  ])('Ctrl-C at %s is an InterruptedError (exit 130)', async (_name, ask) => {
    const io = testStreams({ tty: true, stdin: '\x03' });
    const err = await ask(makePrompter(io)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InterruptedError);
    expect((err as InterruptedError).exitCode).toBe(ExitCode.interrupted);
    // The prompt drew on stderr and left it open for the message that follows.
    expect(io.stderr()).toContain('?');
    expect(io.err.writableEnded).toBe(false);
  });

  it('a SIGINT from elsewhere (the abort signal) ends a waiting prompt as an interrupt too', async () => {
    const io = testStreams({ tty: true });
    const controller = new AbortController();
    const asked = makePrompter(io, controller.signal).input('Name:');
    setTimeout(() => controller.abort(new Error('interrupted')), 20);
    const err = await asked.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InterruptedError);
  });

  it('answers still come through', async () => {
    const io = testStreams({ tty: true, stdin: 'Anna\r' });
    expect(await makePrompter(io).input('Name:')).toBe('Anna');
    expect(io.err.writableEnded).toBe(false);
  });
});

describe('profiles add: Ctrl-C at the key prompt', () => {
  it('exits 130 saying nothing was sent, and stores nothing', async () => {
    const configDir = tempDir();
    const r = await cli(['profiles', 'add', 'work', '--base-url', 'https://api.example.com'], {
      configDir,
      key: null,
      tty: true,
      stdin: '\x03',
    });
    expect(r.code).toBe(130);
    expect(r.stderr.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')).toMatch(
      /API key for work:\ninterrupted: nothing was sent\n$/,
    );
    expect(r.stderr).not.toMatch(/error|bug/i);
    expect(existsSync(join(configDir, 'profiles.json'))).toBe(false);
  });
});
