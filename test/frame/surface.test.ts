// One surface: help for a command that does not exist is an error, commander's own errors honour --json,
// conflicting output flags are refused, --version and -v answer everywhere, help goes to stdout, and the
// global options are named once per help instead of repeated as a block.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, spawnCli, useSandbox } from '../helpers/cli.js';
import { HAS_SCRIPT, onTerminal } from '../helpers/terminal.js';

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const rendered = JSON.parse(readFileSync(join(ROOT, 'dist/help.json'), 'utf8')) as Record<string, string>;
const lastJson = (stderr: string) => JSON.parse(stderr.trim().split('\n').at(-1)!);

const sandbox = useSandbox();

describe('help for something that does not exist', () => {
  it.each([
    [['help', 'nope'], 'error: no help for "nope": voicectl has no such command\n'],
    [['help', 'tts', 'nope'], 'error: no help for "nope": voicectl tts has no such command\n'],
    [['help', 'tts', 'crate'], 'error: no help for "crate": voicectl tts has no such command; did you mean create?\n'],
    [
      ['tts', 'crate', '--help'],
      'error: no help for "crate": voicectl tts has no such command; did you mean create?\n',
    ],
    [['--profile', 'x', 'tsts', '-h'], 'error: no help for "tsts": voicectl has no such command; did you mean tts?\n'],
  ])('%j exits 2 naming the commands there are, nothing on stdout', async (argv, first) => {
    const r = await cli(argv, { key: null });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.startsWith(first)).toBe(true);
    expect(r.stderr).toMatch(/\n {2}Commands: .*\. See: voicectl.* --help\n$/);
  });

  it('with --json the error object follows', async () => {
    const r = await cli(['help', 'nope', '--json'], { key: null });
    expect(r.code).toBe(2);
    expect(lastJson(r.stderr)).toEqual({
      error: {
        code: 'usage_error',
        message: 'no help for "nope": voicectl has no such command',
        status: null,
        requestId: null,
        exitCode: 2,
      },
    });
  });

  it.each([
    [['help', 'tts', 'create']],
    [['help', 'tts', 'get', 'some-id']],
    [['tts', 'get', 'some-id', '--help']],
    [['profiles', 'rm', '--help']],
  ])('%j is still help (arguments after a command are its own; aliases count)', async (argv) => {
    const r = await cli(argv, { key: null });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: voicectl /);
  });
});

describe("commander's errors", () => {
  it('an unknown command exits 2 with a suggestion and where to look', async () => {
    const r = await cli(['tst', 'list'], { key: null });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("error: unknown command 'tst'\n(Did you mean tts?)\n(see: voicectl --help)\n");
  });

  it.each([
    [['tts', 'list', '--statsu', 'x', '--json'], "unknown option '--statsu' (Did you mean --status?)"],
    // A global option, hidden below the root (shown once, in one line), is suggested too.
    [['tts', 'list', '--jsn', '-o', 'json'], "unknown option '--jsn' (Did you mean --json?)"],
    [['tts', 'lst', '-o', 'json'], "unknown command 'lst' (Did you mean list?)"],
    [['tts', 'list', '--output=json', '--page'], "option '--page <n>' argument missing"],
  ])('%j: exit 2, and with --json (or -o json) the JSON error object on stderr', async (argv, message) => {
    const r = await cli(argv, { sandbox });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(lastJson(r.stderr)).toEqual({
      error: { code: 'usage_error', message, status: null, requestId: null, exitCode: 2 },
    });
    expect(sandbox.requests()).toEqual([]);
  });

  it.each([
    [['tts', 'list', '--jsn'], '--json'],
    [['--sandbx', 'tts', 'list'], '--sandbox'],
    [['campaigns', 'list', '--profle', 'x'], '--profile'],
  ])('%j suggests the global option %s', async (argv, flag) => {
    const r = await cli(argv, { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`\n(Did you mean ${flag}?)\n(see: voicectl `);
    expect(sandbox.requests()).toEqual([]);
  });

  it('without --json, no JSON', async () => {
    const r = await cli(['tts', 'list', '--statsu', 'x'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('{');
  });
});

describe('conflicting output flags', () => {
  it.each([['csv'], ['table'], ['ndjson']])('--json -o %s exits 2 naming both, nothing sent', async (format) => {
    const r = await cli(['tts', 'list', '--json', '-o', format], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `error: --output: conflicts with --json (which is -o json): give one of them (got "${format}")`,
    );
    expect(r.stdout).toBe('');
    expect(sandbox.requests()).toEqual([]);
  });

  it('--json -o json agrees, and -o csv alone is CSV', async () => {
    const same = await cli(['tts', 'list', '--json', '-o', 'json'], { sandbox });
    expect(same.code, same.stderr).toBe(0);
    expect(JSON.parse(same.stdout)).toEqual(expect.any(Array));
    const csv = await cli(['tts', 'list', '-o', 'CSV'], { sandbox });
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toMatch(/^id,/);
  });
});

describe('--version and -v', () => {
  it.each([
    [['--version']],
    [['-v']],
    [['tts', '--version']],
    [['tts', '-v']],
    [['tts', 'list', '--version']],
    [['campaigns', 'create', '-v']],
    [['profiles', 'show', '--version']],
  ])('%j prints the version and nothing else', async (argv) => {
    const r = await cli(argv, { sandbox });
    expect(r).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    expect(sandbox.requests()).toEqual([]);
  });

  it('-v from bin/ too', async () => {
    expect(await spawnCli(['tts', '-v'], { key: null })).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
  });
});

describe('a command group alone', () => {
  it.each([['tts'], ['campaigns'], ['profiles']])('`voicectl %s` prints its help to stdout, exit 0', async (group) => {
    const r = await cli([group], { key: null });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(rendered[group]);
  });

  it('`voicectl` alone prints the root help to stdout', async () => {
    const r = await cli([], { key: null });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(rendered['']);
  });

  it('into a pipe closed before it writes: exit 0, no EPIPE crash', async () => {
    const r = await spawnCli(['tts'], { key: null, onSpawn: (child) => child.stdout?.destroy() });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});

describe('global options in help', () => {
  it('the root help describes each one', () => {
    for (const flag of ['--profile <name>', '-o, --output <format>', '--request-timeout <duration>', '-v, --version'])
      expect(rendered['']).toContain(`  ${flag}`);
    expect(rendered['']).not.toContain('Global options:');
  });

  it.each(Object.keys(rendered).filter((k) => k !== ''))('"%s" names them once, in one line at its end', (path) => {
    const help = rendered[path];
    expect(help).not.toMatch(/Global Options:|--base-url <url> +API base URL/);
    expect(help.match(/Global options:/g)).toHaveLength(1);
    expect(help).toMatch(/\nGlobal options: --profile <name>, (.|\n)*\(described in voicectl --help\)\n$/);
    const lines = help.trimEnd().split('\n');
    const block = lines.slice(lines.findIndex((l) => l.startsWith('Global options:')));
    expect(block.length).toBeGreaterThanOrEqual(2);
    for (const line of block) expect(line.length).toBeLessThanOrEqual(80);
  });

  it.skipIf(!HAS_SCRIPT)('on a 60-column terminal the line wraps at 60', async () => {
    const r = await onTerminal(['tts', 'list', '--help'], [], { columns: 60 });
    expect(r.code).toBe(0);
    const block = r.screen.slice(r.screen.indexOf('Global options:')).trimEnd().split('\n');
    expect(block.length).toBeGreaterThan(2);
    for (const line of block) expect(line.length).toBeLessThanOrEqual(60);
  });
});
