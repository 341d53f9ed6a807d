// Path parameters: whatever an ID holds (/, .., ?, #, %, spaces, unicode), it is sent as one encoded path
// segment of the intended endpoint, which the sandbox's request log proves; ".", ".." and "" are refused
// before anything is sent.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, startSandbox, tempDir } from '../helpers/cli.js';
import { expectFailure, expectNoCrash } from './helpers.js';

let sandbox: Sandbox;
let cfg: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  cfg = tempDir('voicectl-cfg-');
});
afterAll(() => sandbox.close());
afterEach(() => {
  sandbox.log.length = 0;
});

const HOSTILE = [
  'a/b', '../x', '../../v1/messages', '..%2F..%2Fv1%2Fmessages', '%2e%2e', '%2E', 'q?x=1', '?limit=1', 'h#frag', '#', '100%', '%',
  '%zz', 'with space', 'tab\there', 'a\\b', '..\\..\\x', 'cmp_1/start', 'cmp_1;drop', 'cmp_1&page=2', 'ç日本😀', '.x', 'x.', '...', '....',
  'a'.repeat(5000),
];

/** The one request of a run, split into its path segments (the sandbox logs paths undecoded). */
function onlyRequest(method: string) {
  const log = sandbox.requests();
  expect(log, JSON.stringify(log.map((e) => `${e.method} ${e.path}`))).toHaveLength(1);
  expect(log[0].method).toBe(method);
  expect(log[0].query, 'nothing of the ID leaked into the query string').toEqual({});
  return log[0].path.split('/');
}

describe('campaigns show <id>', () => {
  it.each(HOSTILE)('%j reaches GET /v1/campaigns/{id}, intact, and is not found', async (id) => {
    const r = await cli(['campaigns', 'show', id], { sandbox, configDir: cfg });
    const segs = onlyRequest('GET');
    expect(segs.slice(0, 3)).toEqual(['', 'v1', 'campaigns']);
    expect(segs).toHaveLength(4);
    expect(decodeURIComponent(segs[3])).toBe(id);
    expectFailure(r, 4);
  });

  it.each(['', '.', '..', ' ', ' .. ', '\t.\t'])('%j is refused with exit 2 before sending', async (id) => {
    const r = await cli(['campaigns', 'show', id], { sandbox, configDir: cfg });
    expectFailure(r, 2);
    expect(r.stderr).toMatch(/^error: (<id>: must not be empty|"\.{1,2}" is not a valid ID)/);
    expect(sandbox.requests()).toEqual([]);
  });
});

describe('campaigns start <id>', () => {
  it.each(HOSTILE)('%j reaches POST /v1/campaigns/{id}/start, intact, and is not found', async (id) => {
    const r = await cli(['campaigns', 'start', id], { sandbox, configDir: cfg });
    const segs = onlyRequest('POST');
    expect(segs.slice(0, 3)).toEqual(['', 'v1', 'campaigns']);
    expect(segs).toHaveLength(5);
    expect(segs[4]).toBe('start');
    expect(decodeURIComponent(segs[3])).toBe(id);
    expectFailure(r, 4);
  });

  it.each(['', '.', '..', ' . '])('%j is refused with exit 2 before sending', async (id) => {
    const r = await cli(['campaigns', 'start', id], { sandbox, configDir: cfg });
    expectFailure(r, 2);
    expect(sandbox.requests()).toEqual([]);
  });
});

describe('any ID', () => {
  it('is one segment of the intended endpoint, or refused before sending', async () => {
    const idArb = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 12 }).filter((s) => s.isWellFormed()),
      fc.array(fc.constantFrom('.', '/', '%', '?', '#', ' ', '\\', '2e', '2F', '..', 'cmp_', '&', '=', '+'), { maxLength: 8 }).map((a) => a.join('')),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('show', 'start'), idArb, async (verb, id) => {
        sandbox.log.length = 0;
        const r = await cli(['campaigns', verb, '--', id], { sandbox, configDir: cfg });
        expectNoCrash(r);
        const sent = id.trim();
        if (sent === '' || sent === '.' || sent === '..') {
          expect(r.code).toBe(2);
          expect(sandbox.requests()).toEqual([]);
          return;
        }
        const segs = onlyRequest(verb === 'show' ? 'GET' : 'POST');
        expect(segs.slice(0, 3)).toEqual(['', 'v1', 'campaigns']);
        expect(segs).toHaveLength(verb === 'show' ? 4 : 5);
        expect(decodeURIComponent(segs[3])).toBe(sent);
        expect(r.code).toBe(4);
      }),
      { numRuns: 80 },
    );
  });
});

describe('voicectl api paths', () => {
  it.each([
    '/v1/campaigns/../messages', '/v1/%2e%2e/messages', '/v1/campaigns/%2E', '//evil.example/v1/campaigns', 'https://evil.example/v1/campaigns',
    'v1/campaigns', '/v1/campaigns#x', '/v1/campaigns/a b', '/v1/campaigns/%zz',
  ])('%j is refused with exit 2 before sending', async (p) => {
    const r = await cli(['api', 'GET', p], { sandbox, configDir: cfg });
    expectFailure(r, 2);
    expect(sandbox.requests()).toEqual([]);
  });
});
