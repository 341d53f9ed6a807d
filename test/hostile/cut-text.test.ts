// Text from the service cut for the terminal: at 200 characters as people count them, so that an emoji is one
// character and is never cut in half (half of one is a lone surrogate: a replacement character on the terminal,
// and an escape in the --json error object).
import { describe, expect, it } from 'vitest';
import { expectFailure } from '../reliability/helpers.js';
import { json, useHostileServer } from './server.js';

const { server, run } = useHostileServer('vk_live_3b5d7f9a1c2e4b6d8f0a');
const errorObject = (stderr: string) => JSON.parse(stderr.trim().split('\n').at(-1)!).error;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('an error message of emoji', () => {
  it('is cut after 200 of them, never between the two halves of one, and counted as people count', async () => {
    const message = `a${'😀'.repeat(300)}`;
    server.on('POST', '/v1/tts', (_q, res) => json(res, 400, { error: { code: 'c', message } }));
    const r = await run(['tts', 'create', '--text', 'hi', '--json']);
    expectFailure(r, 1);
    const shown = `a${'😀'.repeat(199)}… (301 characters)`;
    expect(errorObject(r.stderr).message).toBe(shown);
    expect(r.stderr).toContain(`error: ${shown}\n`);
    expect(r.stderr).not.toMatch(LONE_SURROGATE);
  });

  it('of 200 emoji (400 UTF-16 units) is shown whole', async () => {
    const message = '😀'.repeat(200);
    server.on('POST', '/v1/tts', (_q, res) => json(res, 400, { error: { code: 'c', message } }));
    const r = await run(['tts', 'create', '--text', 'hi', '--json']);
    expectFailure(r, 1);
    expect(errorObject(r.stderr).message).toBe(message);
    expect(r.stderr).not.toContain('characters)');
  });
});
