// Prompts on a real terminal, keys typed as a person types them: a confirmation that calls people defaults to
// no, "n" and Enter send nothing, Ctrl-C at a prompt says nothing was sent. Each checked against the sandbox log.
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { ROOT, startSandbox } from '../helpers/cli.js';
import { HAS_SCRIPT, onTerminal } from '../helpers/terminal.js';

const FILE = join(ROOT, 'fixtures/campaigns/campaign.json');
const QUESTION = 'Create it and start calling now? (y/N)';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.log.length = 0;
});

describe.skipIf(!HAS_SCRIPT)('campaigns create --start on a real terminal', () => {
  const argv = ['campaigns', 'create', '--file', FILE, '--start'];

  it.each([
    ['Enter', '\r'],
    ['n', 'n\r'],
  ])('%s at the confirmation: exit 130, "Nothing was sent.", no request', async (_key, typed) => {
    const r = await onTerminal(argv, [[QUESTION, typed]], { sandbox });
    expect(r.screen).toContain(QUESTION);
    expect(r.screen).toMatch(/Create it and start calling now\? No\n+Nothing was sent\.\n$/);
    expect(r.code).toBe(130);
    expect(sandbox.requests()).toEqual([]);
  });

  it('Ctrl-C at the confirmation: exit 130, "interrupted: nothing was sent", no request', async () => {
    const r = await onTerminal(argv, [[QUESTION, '\x03']], { sandbox });
    expect(r.screen).toMatch(/interrupted: nothing was sent\n$/);
    expect(r.code).toBe(130);
    expect(sandbox.requests()).toEqual([]);
  });

  it('y creates it and starts calling', async () => {
    const r = await onTerminal(argv, [[QUESTION, 'y\r']], { sandbox });
    expect(r.code, r.screen).toBe(0);
    expect(sandbox.requests('POST', '/v1/campaigns')).toHaveLength(1);
  });
});
