// The factory's small parts, without a command: the command lines printed in hints, the cleanups at exit, the
// secrets kept out of notes.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCleanup } from '../../src/io/cleanup.js';
import { createLog } from '../../src/io/log.js';
import { createCommandLine } from '../../src/io/shell.js';
import { testStreams } from '../../src/io/streams.js';
import { tempDir } from '../helpers/cli.js';

describe('command lines', () => {
  it('invocation keeps the flags that chose the service, quoted for the shell', () => {
    const line = createCommandLine([], () => ({ sandbox: true, profile: "it's mine", baseUrl: 'http://h:1' }));
    expect(line.invocation()).toBe(`voicectl --sandbox --profile 'it'\\''s mine' --base-url http://h:1`);
    expect(createCommandLine([], () => ({})).invocation()).toBe('voicectl');
  });

  it('withFlags swaps flags in, with their values in either spelling, and keeps the rest', () => {
    const line = createCommandLine(
      ['tts', 'list', '--all', '--page', '2', '--limit=50', '--status', 'a b'],
      () => ({}),
    );
    expect(line.withFlags({ '--page': '5', '--limit': '100' })).toBe(
      `voicectl tts list --all --status 'a b' --page 5 --limit 100`,
    );
    expect(line.withFlags()).toBe(`voicectl tts list --all --page 2 --limit=50 --status 'a b'`);
  });
});

describe('cleanup', () => {
  it('runs the cleanups last added first, removes tracked files, and throws the first failure after all ran', async () => {
    const dir = tempDir('voicectl-cleanup-');
    const kept = join(dir, 'kept');
    const tracked = join(dir, 'tracked');
    writeFileSync(kept, '');
    writeFileSync(tracked, '');
    const temps = new Set<string>();
    const cleanup = createCleanup(temps);
    const order: string[] = [];
    cleanup.add(() => void order.push('first'));
    cleanup.add(() => {
      order.push('second');
      throw new Error('second failed');
    });
    cleanup.trackTemp(tracked);
    const forget = cleanup.trackTemp(kept);
    forget();
    expect([...temps]).toEqual([tracked]);
    await expect(cleanup.run()).rejects.toThrow('second failed');
    expect(order).toEqual(['second', 'first']);
    expect(existsSync(tracked)).toBe(false);
    expect(existsSync(kept)).toBe(true);
    expect(temps.size).toBe(0);
    await cleanup.run(); // nothing left to do
  });
});

describe('log', () => {
  it('redacts the key and URL credentials of the environment at once, and secrets learned later from then on', () => {
    const io = testStreams();
    const log = createLog(io, {
      VOICECTL_API_KEY: 'vk_live_0123456789abcdef',
      HTTPS_PROXY: 'http://user:pr0xy-pass@proxy:3128',
    });
    log.warn('key vk_live_0123456789abcdef, proxy pr0xy-pass, profile vk_prof_fedcba9876543210');
    log.learn('vk_prof_fedcba9876543210');
    expect(log.redact('vk_prof_fedcba9876543210')).not.toContain('vk_prof_fedcba9876543210');
    const [line] = io.stderr().split('\n');
    expect(line).not.toContain('vk_live_0123456789abcdef');
    expect(line).not.toContain('pr0xy-pass');
    expect(line).toContain('vk_prof_fedcba9876543210');
  });

  it('writes a line made safe for a terminal', () => {
    const io = testStreams();
    createLog(io, {}).warn('a\x1b[2Jb');
    expect(io.stderr()).toBe('a\\x1b[2Jb\n');
  });
});
