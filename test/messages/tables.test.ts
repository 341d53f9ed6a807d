// What a user sees on terminals of different widths (messages, calls, tts and campaigns lists), and CSV of a single record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { printRecord } from '../../src/io/output.js';
import { testStreams } from '../../src/io/streams.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { assertNoSecrets, cli, cliEnv, KEYS, startSandbox, type CliResult } from '../helpers/cli.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

/** The CLI on a terminal `columns` wide (cli() always gets 120). */
async function onTerminal(argv: string[], columns: number): Promise<CliResult> {
  const io = testStreams({ tty: true, columns });
  const env = cliEnv({ sandbox });
  const code = await run(argv, { io, env });
  return assertNoSecrets(argv, { code, stdout: io.stdout(), stderr: io.stderr() }, env);
}

// Columns are two spaces apart; a header may have a space of its own (STARTED AT).
const headers = (stdout: string) =>
  stdout
    .split('\n')[0]
    .trim()
    .split(/\s{2,}/);

function newestMessages(n: number) {
  return sandbox.state.messages
    .filter((m) => m.orgId === 'org_acme')
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
    .slice(0, n);
}

describe('messages list on a terminal', () => {
  it.each([
    [60, ['CREATED', 'STATUS', 'TO', 'BODY']],
    [80, ['CREATED', 'DIR', 'STATUS', 'TO', 'BODY']],
    [120, ['CREATED', 'CHANNEL', 'DIR', 'STATUS', 'FROM', 'TO', 'BODY']],
    [200, ['CREATED', 'CHANNEL', 'DIR', 'STATUS', 'FROM', 'TO', 'SUBJECT', 'BODY']],
  ])('at %i columns: every line fits, the headers are %j, the body gets the rest', async (columns, expected) => {
    const r = await onTerminal(['messages', 'list', '--limit', '30'], columns);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(31);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(columns);
    expect(headers(r.stdout)).toEqual(expected);
    // The longest body is cut with "…" exactly at the edge of the terminal.
    expect(lines.some((l) => l.length === columns && l.endsWith('…'))).toBe(true);
    const bodyAt = lines[0].indexOf('BODY');
    lines.slice(1).forEach((l, i) => {
      const body = newestMessages(30)[i].body;
      expect(body.startsWith(l.slice(bodyAt).replace(/…$/, ''))).toBe(true);
    });
  });

  it('shows whole addresses and subjects when there is room', async () => {
    const r = await onTerminal(['messages', 'list', '--limit', '30'], 200);
    const lines = r.stdout.trimEnd().split('\n').slice(1);
    newestMessages(30).forEach((m, i) => {
      expect(lines[i]).toContain(`${m.fromAddress}  `);
      expect(lines[i]).toContain(`${m.toAddress}  `);
      if (m.subject) expect(lines[i]).toContain(`${m.subject}  `);
    });
    expect(newestMessages(30).some((m) => m.fromAddress.length > 16 && m.toAddress.length > 16)).toBe(true);
  });
});

describe('calls list on a terminal', () => {
  it.each([60, 80, 120, 200])(
    'at %i columns: id, status, number dialled, caller ID, attempt, start, then the rest, cut from the end; every line fits',
    async (columns) => {
      const all = headers((await onTerminal(['calls', 'list'], 1000)).stdout);
      expect(all.slice(0, 7)).toEqual(['ID', 'STATUS', 'TO', 'FROM', 'ATTEMPT', 'STARTED', 'SECONDS']);
      const r = await onTerminal(['calls', 'list'], columns);
      expect(r.code).toBe(0);
      for (const l of r.stdout.trimEnd().split('\n')) expect(l.length).toBeLessThanOrEqual(columns);
      const shown = headers(r.stdout);
      expect(shown).toEqual(all.slice(0, shown.length));
      if (columns === 60) expect(shown).toEqual(['ID', 'STATUS', 'TO']);
      else if (columns === 80) expect(shown).toEqual(['ID', 'STATUS', 'TO', 'FROM', 'ATTEMPT']);
      else expect(shown.length).toBeGreaterThanOrEqual(columns === 120 ? 7 : 9);
    },
  );
});

describe('-o csv of a single record', () => {
  it('auth status: the scopes as true/false under their names, the values shown', async () => {
    for (const key of [KEYS.acme, KEYS.acmeRead]) {
      const shown = await cli(['auth', 'status'], { sandbox, key, tty: true });
      const r = await cli(['-o', 'csv', 'auth', 'status'], { sandbox, key });
      expect(r.code).toBe(0);
      const [head, values, ...rest] = r.stdout.split('\n');
      expect(rest).toEqual(['']);
      const scopes = ['tts:read', 'tts:write', 'campaigns:read', 'campaigns:write', 'messages:read', 'messages:write'];
      expect(head.split(',')).toEqual(['baseUrl', 'profile', 'apiKey', ...scopes]);
      const cells = values.split(',');
      expect(cells.slice(0, 3)).toEqual([sandbox.url, '', `****${key.slice(-4)}`]);
      // The same answer as the terminal's yes / no (403), per scope.
      expect(cells.slice(3)).toEqual(
        scopes.map((s) => (new RegExp(`^${s}\\s+yes$`, 'm').test(shown.stdout) ? 'true' : 'false')),
      );
      expect(cells.slice(3)).toContain('true');
    }
    const read = await cli(['-o', 'csv', 'auth', 'status'], { sandbox, key: KEYS.acmeRead });
    expect(read.stdout.split('\n')[1]).toMatch(/,true,false,true,false,true,false$/);
  });

  it('flattens nested objects into dotted columns; booleans, nulls and arrays as data', async () => {
    const io = testStreams();
    await printRecord(
      io,
      { format: 'csv', quiet: false },
      { id: 'c1', counters: { done: 1, failed: 0 }, ok: false, note: null, tags: ['a', 'b'] },
    );
    expect(io.stdout()).toBe('id,counters.done,counters.failed,ok,note,tags\nc1,1,0,false,,"[""a"",""b""]"\n');
  });

  it('a field with no value in the record prints what the terminal shows', async () => {
    const io = testStreams();
    await printRecord(io, { format: 'csv', quiet: false }, { id: 'c1', timezone: 'Europe/Rome' }, [
      { key: 'id' },
      { key: 'window', human: (r) => `${r.timezone}, 9-18` },
    ]);
    expect(io.stdout()).toBe('id,window\nc1,"Europe/Rome, 9-18"\n');
  });

  it('profiles show keeps its columns', async () => {
    const r = await cli(['-o', 'csv', 'profiles', 'show'], { sandbox });
    expect(r.stdout.split('\n')[0]).toBe('profile,baseUrl,baseUrlSource,apiKey,apiKeySource,configFile');
    expect(r.stdout.split('\n')[1]).toMatch(
      /^,http:\/\/127\.0\.0\.1:\d+,VOICECTL_BASE_URL,\*{4}\w{4},VOICECTL_API_KEY,.*profiles\.json$/,
    );
  });
});

describe('tts list and campaigns list on a terminal', () => {
  beforeAll(async () => {
    // A long text and a campaign whose progress line is long: what makes these tables wide.
    for (const text of [
      'Hello',
      'A long text that goes on and on, about the weather in Rome and in Milan, for a while',
    ]) {
      expect((await cli(['tts', 'create', '--text', text, '-q'], { sandbox })).code).toBe(0);
    }
    const created = await cli(
      ['campaigns', 'create', '--name', 'Nightly leads', '--agent', 'agent_sales', '--from', '+390212345678'].concat([
        '--contacts',
        'fixtures/campaigns/contacts.json',
        '--yes',
        '-q',
      ]),
      { sandbox },
    );
    expect(created.code, created.stderr).toBe(0);
  });

  it.each([
    [60, ['ID', 'STATUS', 'TEXT']],
    [80, ['ID', 'STATUS', 'CREATED', 'TEXT']],
    [100, ['ID', 'STATUS', 'VOICE', 'CHARS', 'TOKENS', 'CREATED', 'TEXT']],
    [160, ['ID', 'STATUS', 'VOICE', 'CHARS', 'TOKENS', 'CREATED', 'TEXT']],
  ])(
    'tts list at %i columns: every line fits; CHARS, TOKENS, VOICE, CREATED give way to TEXT',
    async (columns, shown) => {
      const r = await onTerminal(['tts', 'list'], columns);
      expect(r.code, r.stderr).toBe(0);
      for (const l of r.stdout.trimEnd().split('\n')) expect(l.length).toBeLessThanOrEqual(columns);
      expect(headers(r.stdout)).toEqual(shown);
    },
  );

  it.each([
    [60, ['ID', 'NAME', 'STATUS', 'COMPLETED', 'FAILED']],
    [80, ['ID', 'NAME', 'STATUS', 'CONTACTS', 'COMPLETED', 'FAILED']],
    [100, ['ID', 'NAME', 'STATUS', 'CONTACTS', 'COMPLETED', 'FAILED', 'PENDING', 'CALLING']],
    [160, ['ID', 'NAME', 'STATUS', 'CONTACTS', 'COMPLETED', 'FAILED', 'PENDING', 'CALLING', 'CREATED']],
  ])(
    'campaigns list at %i columns: every line fits; the counts stay, CREATED gives way first',
    async (columns, shown) => {
      const r = await onTerminal(['campaigns', 'list'], columns);
      expect(r.code, r.stderr).toBe(0);
      for (const l of r.stdout.trimEnd().split('\n')) expect(l.length).toBeLessThanOrEqual(columns);
      expect(headers(r.stdout)).toEqual(shown);
    },
  );
});
