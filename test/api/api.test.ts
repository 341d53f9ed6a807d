// voicectl api: raw requests against the sandbox, over real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, parseJson, startSandbox, tempDir } from '../helpers/cli.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.log.length = 0;
});

const acmeMessages = (channel?: string) =>
  sandbox.state.messages.filter((m) => m.orgId === 'org_acme' && (!channel || m.channel === channel));

describe('voicectl api', () => {
  it('GET: -F fields become query parameters and the body is printed as it came', async () => {
    const r = await cli(['api', 'GET', '/v1/messages', '-F', 'channel=email', '-F', 'limit=3'], { sandbox });
    expect(r.code).toBe(0);
    expect(sandbox.requests('GET', '/v1/messages')[0].query).toEqual({ channel: 'email', limit: '3' });
    const body = parseJson<{ data: { channel: string }[]; pagination: { limit: number }; requestId: string }>(r.stdout);
    expect(body.data).toHaveLength(3);
    expect(body.data.every((m) => m.channel === 'email')).toBe(true);
    expect(body.pagination.limit).toBe(3);
    expect(body.requestId).toMatch(/^req_/);
    expect(r.stdout).not.toContain('\n  '); // piped: not re-indented
    expect(r.stdout.endsWith('}\n')).toBe(true); // one line, ended, for wc -l and while read
    expect(r.stdout.split('\n')).toHaveLength(2);
  });

  it('GET: a field replaces the parameter of the same name written in the path', async () => {
    const r = await cli(['api', 'GET', '/v1/messages?limit=1&channel=sms', '-F', 'limit=2', '--debug'], { sandbox });
    expect(r.code).toBe(0);
    expect(sandbox.requests('GET', '/v1/messages')[0].query).toEqual({ channel: 'sms', limit: '2' });
    expect(r.stderr).toContain(`> GET ${sandbox.url}/v1/messages?channel=sms&limit=2\n`);
  });

  it('GET: keeps a query string written in the path', async () => {
    const r = await cli(['api', 'get', '/v1/messages?channel=sms', '-f', 'page=2'], { sandbox });
    expect(r.code).toBe(0);
    expect(sandbox.requests()[0].query).toEqual({ channel: 'sms', page: '2' });
  });

  it('pretty-prints JSON on a terminal', async () => {
    const r = await cli(['api', 'GET', '/v1/calls', '-F', 'limit=1'], { sandbox, tty: true });
    expect(r.stdout).toMatch(/^\{\n {2}"data": \[\n/);
  });

  it('POST: -F fields become a typed JSON body, -f fields stay strings, key[] and key[sub] nest', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'note.txt'), 'from a file');
    const r = await cli(
      [
        'api',
        'POST',
        '/v1/messages/sms',
        '-F',
        'to=+393331234567',
        '-F',
        `body=@${join(dir, 'note.txt')}`,
        '-F',
        'n=5',
        '-F',
        'ok=true',
        '-F',
        'none=null',
        '-f',
        'code=007',
        '-F',
        'tags[]=a',
        '-F',
        'tags[]=b',
        '-F',
        'meta[source]=cli',
        '-F',
        'big=12345678901234567890',
        '-F',
        'ratio=0.5',
      ],
      { sandbox },
    );
    expect(r.code).toBe(7); // the SMS endpoint answers 503 today
    expect(sandbox.requests('POST', '/v1/messages/sms')[0].body).toEqual({
      to: '+393331234567',
      body: 'from a file',
      n: 5,
      ok: true,
      none: null,
      code: '007',
      tags: ['a', 'b'],
      meta: { source: 'cli' },
      big: '12345678901234567890',
      ratio: 0.5,
    });
  });

  it('--input - sends stdin as the body', async () => {
    const r = await cli(['api', 'POST', '/v1/messages/sms', '--input', '-'], {
      sandbox,
      stdin: '{"to": "+12125550123", "body": "hi", "x": [1, 2]}',
    });
    expect(r.code).toBe(7);
    expect(sandbox.requests('POST')[0].body).toEqual({ to: '+12125550123', body: 'hi', x: [1, 2] });
  });

  it('--input rejects a body that is not JSON, with nothing sent', async () => {
    const r = await cli(['api', 'POST', '/v1/messages/sms', '--input', '-'], { sandbox, stdin: 'to=+1' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('not valid JSON');
    expect(sandbox.requests()).toEqual([]);
  });

  it('--paginate walks every page and prints each record as one JSON line', async () => {
    const r = await cli(['api', 'GET', '/v1/messages', '-F', 'channel=sms', '-F', 'limit=9', '--paginate'], {
      sandbox,
    });
    expect(r.code).toBe(0);
    const ids = r.stdout
      .trim()
      .split('\n')
      .map((l) => parseJson<{ id: string }>(l).id);
    const want = acmeMessages('sms')
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
      .map((m) => m.id);
    expect(ids).toEqual(want);
    const reqs = sandbox.requests('GET', '/v1/messages');
    expect(reqs).toHaveLength(Math.ceil(want.length / 9));
    expect(reqs.every((e) => e.query.channel === 'sms' && e.query.limit === '9')).toBe(true);
  });

  it('--paginate -q prints only the ids', async () => {
    const r = await cli(['api', 'GET', '/v1/messages', '-F', 'channel=email', '--paginate', '-q'], { sandbox });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual(
      acmeMessages('email')
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
        .map((m) => m.id),
    );
  });

  it('--paginate on an endpoint that is not a list says so plainly', async () => {
    const created = await cli(['tts', 'create', '-q', '--text', 'one'], { sandbox });
    const r = await cli(['api', 'GET', `/v1/tts/${created.stdout.trim()}`, '--paginate'], { sandbox });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--paginate needs a list endpoint');
    expect(r.stderr).toContain('Leave out --paginate');
    expect(r.stderr).not.toContain('Invalid input');
  });

  it('a 404 exits 4 with the API error', async () => {
    const r = await cli(['api', 'GET', '/v1/nothing-here'], { sandbox });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('status 404');
    expect(r.stdout).toBe('');
  });

  it('a 400 exits 1 with its details', async () => {
    const r = await cli(['api', 'GET', '/v1/messages', '-F', 'channel=fax'], { sandbox });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('validation_error');
    // one invalid field: its detail would only repeat the message
    expect(r.stderr.match(/channel: must be one of sms, email, whatsapp/g)).toHaveLength(1);
    const two = await cli(['api', 'POST', '/v1/tts', '-F', 'speed=9', '-F', 'text='], { sandbox });
    expect(two.stderr).toContain('\n  text: must contain some text\n  speed: must be a number from 0.25 to 4\n');
  });

  it.each([
    ['https://evil.example/v1/tts'],
    ['//evil.example/v1/tts'],
    ['v1/tts'],
    ['/v1/../../etc'],
    ['/v1/%2e%2e/x'],
    ['/v1/tts#x'],
    ['/v1/t ts'],
  ])('refuses the path %j with nothing sent: the key only goes to the base URL', async (p) => {
    const r = await cli(['api', 'GET', p], { sandbox });
    expect(r.code).toBe(2);
    expect(sandbox.requests()).toEqual([]);
  });

  it.each([
    [['FETCH', '/v1/tts']],
    [['GET', '/v1/tts', '-F', 'novalue']],
    [['GET', '/v1/tts', '-F', 'a[b]=1']],
    [['POST', '/v1/tts', '--paginate']],
    [['GET', '/v1/tts', '--input', '-']],
  ])('rejects %j before sending', async (args) => {
    const r = await cli(['api', ...args], { sandbox, stdin: '{}' });
    expect(r.code).toBe(2);
    expect(sandbox.requests()).toEqual([]);
  });
});
