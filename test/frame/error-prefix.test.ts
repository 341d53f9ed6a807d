// One error prefix: every failure a user meets starts its first line with "error: " (lower case), whoever found it:
// commander (an unknown option, a missing argument), a flag's rule, the service (401, 404), a file.
import { describe, expect, it } from 'vitest';
import { cli, useSandbox } from '../helpers/cli.js';

const sandbox = useSandbox();

describe('one error prefix', () => {
  it.each([
    ['an unknown option', ['tts', 'list', '--nope']],
    ['a missing argument', ['tts', 'get']],
    ["a flag's rule", ['messages', 'list', '--since', 'soon']],
    ['an unknown command', ['nope']],
    ['a 404', ['tts', 'get', 'tts_0000000000000000']],
    ['a missing file', ['contacts', 'convert', '/nonexistent/leads.csv']],
  ])('%s', async (_what, argv) => {
    const r = await cli(argv, { sandbox });
    expect(r.code).not.toBe(0);
    expect(r.stderr.split('\n')[0]).toMatch(/^error: \S/);
    expect(r.stderr).not.toMatch(/^Error\b/m);
  });

  it('a 401', async () => {
    const r = await cli(['tts', 'list'], { sandbox, key: 'vk_sandbox_acme_full_0000wxyz' });
    expect(r.code).toBe(3);
    expect(r.stderr.split('\n')[0]).toMatch(/^error: \S/);
  });
});
