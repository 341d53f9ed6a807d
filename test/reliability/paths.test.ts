// Path parameters: whatever an ID holds (/, .., ?, #, %, spaces, unicode), it is sent as one encoded path
// segment of the intended endpoint, which the sandbox's request log proves; ".", ".." and "" are refused
// before anything is sent.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, startSandbox, tempDir } from '../helpers/cli.js';
import { binaryString } from './arbitraries.js';
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
  'a/b',
  '../x',
  '../../v1/messages',
  '..%2F..%2Fv1%2Fmessages',
  '%2e%2e',
  '%2E',
  'q?x=1',
  '?limit=1',
  'h#frag',
  '#',
  '100%',
  '%',
  '%zz',
  'with space',
  'tab\there',
  'a\\b',
  '..\\..\\x',
  'cmp_1/start',
  'cmp_1;drop',
  'cmp_1&page=2',
  'ç日本😀',
  '.x',
  'x.',
  '...',
  '....',
  'a'.repeat(5000),
];

/** IDs as a user, a script or a copy-paste could give them. */
const idArb = fc.oneof(
  fc.string({ maxLength: 20 }),
  binaryString(12),
  fc
    .array(fc.constantFrom('.', '/', '%', '?', '#', ' ', '\\', '2e', '2F', '..', 'cmp_', 'tts_', '&', '=', '+'), {
      maxLength: 8,
    })
    .map((a) => a.join('')),
);

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
    expect(r.stderr).toContain('List your campaigns: voicectl campaigns list');
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

/**
 * The tts verbs that take one <id>: each sends exactly GET /v1/tts/{id} (wait and download without --wait: one
 * request, and the 404 ends the run). `wait` gets a short --timeout so that a regression that keeps polling ends fast.
 */
const TTS_VERBS = [
  { verb: 'get', argv: (id: string) => ['tts', 'get', '--', id] },
  { verb: 'wait', argv: (id: string) => ['tts', 'wait', '--timeout', '0.2s', '--', id] },
  { verb: 'download', argv: (id: string) => ['tts', 'download', '--', id] },
];

/** The one request of a tts run: exactly GET /v1/tts/{encoded id}, one segment that decodes back to the id. */
function expectOneTtsGet(id: string): void {
  const segs = onlyRequest('GET');
  expect(segs.slice(0, 3)).toEqual(['', 'v1', 'tts']);
  expect(segs, 'one segment after /v1/tts/: no other endpoint').toHaveLength(4);
  expect(decodeURIComponent(segs[3])).toBe(id);
  expect(sandbox.requests()[0].path).toBe(`/v1/tts/${encodeURIComponent(id)}`);
}

/** IDs that cannot be sent as a path segment at all (URL parsers resolve them). */
const DOTS = ['.', '..', ' .. ', '\t.\t'];
const dots = (id: string) => ['.', '..'].includes(id.trim());

describe.each(TTS_VERBS)('tts $verb <id>', ({ verb, argv }) => {
  it.each(HOSTILE)('%j reaches GET /v1/tts/{id}, intact, and is not found', async (id) => {
    const r = await cli(argv(id), { sandbox, configDir: cfg });
    expectOneTtsGet(id);
    expectFailure(r, 4);
    expect(r.stdout).toBe('');
  });

  it.each(['', ' ', ...DOTS])('%j is refused with exit 2 before sending', async (id) => {
    const r = await cli(argv(id), { sandbox, configDir: cfg });
    expectFailure(r, 2);
    expect(r.stderr).toMatch(/^error: (<id(\.\.\.)?>: must not be empty|"\.{1,2}" is not a valid ID)/);
    expect(sandbox.requests()).toEqual([]);
  });

  it(`any ID: one segment of GET /v1/tts/{id}, or refused before sending (${verb})`, async () => {
    await fc.assert(
      fc.asyncProperty(idArb, async (id) => {
        sandbox.log.length = 0;
        const sent = id.trim();
        const r = await cli(argv(id), { sandbox, configDir: cfg });
        expectNoCrash(r);
        if (sent === '' || dots(sent)) {
          expect(r.code).toBe(2);
          expect(sandbox.requests()).toEqual([]);
          return;
        }
        expectOneTtsGet(sent);
        expect(r.code).toBe(4);
      }),
      { numRuns: 40 },
    );
  });
});

// `tts wait` and `tts download --wait` once took the refusal of an ID that cannot be sent ("." or "..") for a passing
// polling failure, and waited until --timeout sending nothing, then exited 6.
describe('tts wait with an ID that cannot be sent', () => {
  it.each([
    ['tts', 'wait', '--timeout', '0.2s', '--', '.'],
    ['tts', 'wait', '--timeout', '0.2s', '--', ' .. '],
    ['tts', 'download', '--wait', '--timeout', '0.2s', '--', '..'],
  ])('%s %s %s %s %s %j: exit 2 at once, nothing sent', async (...argv) => {
    const r = await cli(argv, { sandbox, configDir: cfg });
    expect(sandbox.requests()).toEqual([]);
    expect(r.stderr).toMatch(/^error: "\.{1,2}" is not a valid ID/);
    expectFailure(r, 2);
  });
});

describe('any ID', () => {
  it('is one segment of the intended endpoint, or refused before sending', async () => {
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
    '/v1/campaigns/../messages',
    '/v1/%2e%2e/messages',
    '/v1/campaigns/%2E',
    '//evil.example/v1/campaigns',
    'https://evil.example/v1/campaigns',
    'v1/campaigns',
    '/v1/campaigns#x',
    '/v1/campaigns/a b',
    '/v1/campaigns/%zz',
  ])('%j is refused with exit 2 before sending', async (p) => {
    const r = await cli(['api', 'GET', p], { sandbox, configDir: cfg });
    expectFailure(r, 2);
    expect(sandbox.requests()).toEqual([]);
  });
});
