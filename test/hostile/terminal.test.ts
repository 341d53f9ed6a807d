// Text from a hostile server never reaches a terminal raw: escape sequences (OSC 52 clipboard, OSC 8 links, CSI
// screen clears), carriage returns and bidi overrides are shown as visible escapes in tables, records, error lines,
// hints, HTML titles, "not JSON" excerpts and `api` output on a terminal; piped output stays the data itself.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createFactory } from '../../src/factory.js';
import type { GlobalOptions } from '../../src/globals.js';
import { makePrompter } from '../../src/io/prompter.js';
import { waitProgress } from '../../src/tts/progress.js';
import { testStreams } from '../../src/io/streams.js';
import { BIN, cliEnv, ROOT, tempDir } from '../helpers/cli.js';
import { expectFailure } from '../reliability/helpers.js';
import { json, page, useHostileServer } from './server.js';
import { shellWord } from '../../src/io/shell.js';

const KEY = 'vk_live_9f2c4e6a8b1d3f5a7c9e';
const ESC = '\x1b';
const CLIPBOARD = `${ESC}]52;c;cm0gLXJmIH4K\x07`; // OSC 52: "rm -rf ~" into the clipboard
const CLEAR = `${ESC}[2J`;
const LINK = `${ESC}]8;;https://evil.example/${ESC}\\click${ESC}]8;;${ESC}\\`;
const RLO = '\u202e';
const HOSTILE = `Spring${CLIPBOARD}${CLEAR}${LINK}\roverwritten${RLO}gpj.exe\u2066x\u2069\x9b31m`;

/** Nothing a terminal would interpret: no C0 but \n, no DEL, no C1, no bidi controls. */
function expectInert(text: string): void {
  expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
}

const { server, run } = useHostileServer(KEY);

const campaign = { id: 'cmp_1', name: HOSTILE, status: `RUNNING${CLEAR}`, counters: { [`done${ESC}[1A`]: 1 } };

describe('on a terminal', () => {
  it('campaigns show: the record and its contacts table show escapes, never the sequences', async () => {
    server.on('GET', '/v1/campaigns/cmp_1', (_q, res) =>
      json(res, 200, {
        data: { ...campaign, contacts: [{ phone_number: '+393331234567', first_name: `Anna${CLIPBOARD}` }] },
      }),
    );
    const r = await run(['campaigns', 'show', 'cmp_1'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expectInert(r.stdout);
    expect(r.stdout).toContain('Spring\\x1b]52;c;cm0gLXJmIH4K\\x07\\x1b[2J');
    expect(r.stdout).toContain('\\roverwritten\\u202egpj.exe\\u2066x\\u2069\\x9b31m');
    expect(r.stdout).toContain('first_name=Anna\\x1b]52;c;');
    expect(r.stdout).toContain('done\\x1b[1A 1');
  });

  it('invisible text (tag characters, zero-width and soft hyphens) is shown escaped; emoji sequences and flags stay whole', async () => {
    const hidden = [...'ignore this'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    const name = `Spring\u200b${hidden}\u2060 Ste\u00adfan 👩‍👩‍👧 🏴󠁧󠁢󠁳󠁣󠁴󠁿`;
    server.on('GET', '/v1/campaigns/cmp_2', (_q, res) => json(res, 200, { data: { ...campaign, id: 'cmp_2', name } }));
    const r = await run(['campaigns', 'show', 'cmp_2'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Spring\\u200b\\u{e0069}\\u{e0067}');
    expect(r.stdout).toContain('\\u2060 Ste\\xadfan 👩‍👩‍👧 🏴󠁧󠁢󠁳󠁣󠁴󠁿');
    expect(r.stdout.replace('🏴󠁧󠁢󠁳󠁣󠁴󠁿', '')).not.toMatch(/[\u{e0000}-\u{e007f}\u200b\u2060\u00ad]/u);
  });

  it('variation selectors, Hangul fillers and the blank braille pattern (hidden text by category) are shown escaped; ❤️ and keycaps stay', async () => {
    // "SYSTEM" hidden as variation selectors after one visible letter, as the hidden instructions were.
    const hidden = [...'SYSTEM'].map((c) => String.fromCodePoint(0xe0100 + c.charCodeAt(0))).join('');
    const name = `Spring${hidden}\ufe00\u3164\u115f\u2800x \u034f ❤️ 1️⃣`;
    server.on('GET', '/v1/campaigns/cmp_4', (_q, res) => json(res, 200, { data: { ...campaign, id: 'cmp_4', name } }));
    const r = await run(['campaigns', 'show', 'cmp_4'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Spring\\u{e0153}\\u{e0159}');
    expect(r.stdout).toContain('\\ufe00\\u3164\\u115f\\u2800x \\u034f ❤️ 1️⃣');
    expect(r.stdout.replaceAll('❤️', '').replaceAll('1️⃣', '')).not.toMatch(/[\p{Default_Ignorable_Code_Point}\u2800]/u);
  });

  it('campaigns results --as-contacts -: the contacts on a terminal escaped (C1, bidi, invisible); piped, the data itself', async () => {
    const first = `Anna\x9b2J${RLO}gpj.exe\u3164`;
    server.on('GET', '/v1/campaigns/cmp_5', (_q, res) =>
      json(res, 200, {
        data: { ...campaign, id: 'cmp_5', contacts: [{ phone_number: '+393331234567', first_name: first }] },
      }),
    );
    server.on('GET', '/v1/calls', (_q, res) => json(res, 200, page([], { page: 1, totalPages: 1 })));
    const r = await run(['campaigns', 'results', 'cmp_5', '--as-contacts', '-'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expectInert(r.stdout);
    expect(r.stdout).toContain('Anna\\u009b2J\\u202egpj.exe\\u3164');
    expect(JSON.parse(r.stdout)[0].first_name).toBe(first);
    const piped = await run(['campaigns', 'results', 'cmp_5', '--as-contacts', '-']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(JSON.parse(piped.stdout)[0].first_name).toBe(first);
    expect(piped.stdout).toContain(first);
  });

  it('messages list: cells are cut to the terminal in cells, after escaping, never inside an escape', async () => {
    const body = `${'a'.repeat(10)}${ESC}[2J${'b'.repeat(200)}`;
    const records = [0, 1, 2, 3].map((i) => ({
      id: `msg_${i}`,
      channel: 'sms',
      direction: 'INBOUND',
      status: `ok${RLO}`,
      fromAddress: '+393331234567',
      toAddress: '+390212345678',
      subject: null,
      // The cut lands on each position of the escape in turn.
      body: `${'x'.repeat(i)}${body}`,
      createdAt: '2026-11-23T10:00:00.000Z',
    }));
    server.on('GET', '/v1/messages', (_q, res) => json(res, 200, page(records, { page: 1, totalPages: 1 })));
    for (const columns of [60, 61, 62, 63, 64]) {
      const r = await run(['messages', 'list'], { tty: true, columns });
      expect(r.code, r.stderr).toBe(0);
      expectInert(r.stdout);
      const lines = r.stdout.trimEnd().split('\n');
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(columns);
      // Every escape that is shown is whole: a backslash-x is followed by two hex digits.
      for (const l of lines.slice(1)) expect(l).not.toMatch(/\\x[0-9a-f]?(?![0-9a-f])|\\$/);
      expect(lines.slice(1).every((l) => l.endsWith('…'))).toBe(true);
    }
  });

  it('wide characters and emoji take two cells: the columns stay aligned', async () => {
    const records = ['東京の会議', '👍🏽 ok', 'plain'].map((body, i) => ({
      id: `msg_${i}`,
      channel: 'sms',
      direction: 'INBOUND',
      status: i === 0 ? '配達済み' : 'sent',
      fromAddress: '+393331234567',
      toAddress: '+390212345678',
      subject: null,
      body,
      createdAt: '2026-11-23T10:00:00.000Z',
    }));
    server.on('GET', '/v1/messages', (_q, res) => json(res, 200, page(records, { page: 1, totalPages: 1 })));
    const r = await run(['messages', 'list'], { tty: true, columns: 100 });
    const lines = r.stdout.trimEnd().split('\n');
    // The FROM column starts at the same terminal cell on every line (配達済み is 4 characters, 8 cells).
    const { default: stringWidth } = await import('string-width');
    const starts = lines.map((l) => stringWidth(l.slice(0, l.indexOf(l === lines[0] ? 'FROM' : '+39333'))));
    expect(new Set(starts).size).toBe(1);
  });

  it('error lines and hints: message, code, requestId and details are shown escaped', async () => {
    server.on('GET', '/v1/campaigns/cmp_1', (_q, res) =>
      json(res, 400, {
        error: {
          code: `bad${ESC}[2J`,
          message: `no${CLIPBOARD}`,
          details: [{ field: `name${RLO}`, message: `\rforged line${ESC}]8;;x${ESC}\\` }],
        },
        requestId: `req${ESC}[1A`,
      }),
    );
    const r = await run(['campaigns', 'show', 'cmp_1'], { tty: true });
    expectFailure(r, 1);
    expectInert(r.stderr);
    expect(r.stderr).toContain('error: no\\x1b]52;c;');
    expect(r.stderr).toContain('code bad\\x1b[2J');
    expect(r.stderr).toContain('requestId req\\x1b[1A');
    expect(r.stderr).toContain('name\\u202e: \\rforged line');
  });

  it('the --json error object is JSON with the controls escaped, and bidi controls too', async () => {
    server.on('GET', '/v1/campaigns/cmp_1', (_q, res) =>
      json(res, 400, { error: { code: 'x', message: `no${CLIPBOARD}${RLO}` } }),
    );
    const r = await run(['campaigns', 'show', 'cmp_1', '--json'], { tty: true });
    expectInert(r.stderr);
    const obj = JSON.parse(r.stderr.trim().split('\n').pop()!);
    expect(obj.error.message).toBe(`no${CLIPBOARD}${RLO}`);
  });

  it('an HTML page title and a "not JSON" excerpt are shown escaped', async () => {
    server.on('GET', '/v1/campaigns/cmp_1', (_q, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(`<html><title>Bad${CLEAR}gateway${RLO}</title></html>`);
    });
    server.on('GET', '/v1/campaigns/cmp_2', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`oops${CLIPBOARD}`);
    });
    const html = await run(['campaigns', 'show', 'cmp_1'], { tty: true });
    expectInert(html.stderr);
    expect(html.stderr).toContain('HTML page: Bad\\x1b[2Jgateway\\u202e');
    const notJson = await run(['campaigns', 'show', 'cmp_2'], { tty: true });
    expectInert(notJson.stderr);
    expect(notJson.stderr).toContain('not JSON: oops\\x1b]52;c;cm0gLXJmIH4K\\x07');
  });

  it('api on a terminal: pretty JSON whose strings keep their value, with DEL, C1 and bidi as \\u escapes', async () => {
    const raw = JSON.stringify({ data: { name: HOSTILE } });
    server.on('GET', '/v1/x', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(raw);
    });
    const r = await run(['api', 'GET', '/v1/x'], { tty: true });
    expect(r.code, r.stderr).toBe(0);
    expectInert(r.stdout);
    expect(JSON.parse(r.stdout).data.name).toBe(HOSTILE);
    // Piped: the body byte for byte.
    const piped = await run(['api', 'GET', '/v1/x']);
    expect(piped.stdout).toBe(`${raw}\n`);
  });

  it('api on a terminal with a body that is not JSON: text with escapes, lines kept', async () => {
    server.on('GET', '/v1/x', (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`line 1${CLEAR}\nline 2${RLO}`);
    });
    const r = await run(['api', 'GET', '/v1/x'], { tty: true });
    expectInert(r.stdout);
    expect(r.stdout).toBe('line 1\\x1b[2J\nline 2\\u202e\n');
  });

  it('-q ids and --json on a terminal are escaped; piped they are the data', async () => {
    const records = [{ id: `cmp_${ESC}[2J`, name: `n${RLO}` }];
    server.on('GET', '/v1/campaigns', (_q, res) => json(res, 200, page(records, { page: 1, totalPages: 1 })));
    const q = await run(['campaigns', 'list', '-q'], { tty: true });
    expect(q.stdout).toBe('cmp_\\x1b[2J\n');
    const j = await run(['campaigns', 'list', '--json'], { tty: true });
    expectInert(j.stdout);
    expect(JSON.parse(j.stdout)).toEqual(records);
    const piped = await run(['campaigns', 'list', '-o', 'ndjson']);
    expect(piped.stdout).toBe(`${JSON.stringify(records[0])}\n`);
  });
});

describe('text from files', () => {
  it('contacts convert: a hostile cell in an error line and in a warning is shown escaped', async () => {
    const dir = tempDir();
    const file = join(dir, 'leads.csv');
    writeFileSync(file, `phone_number,first_name\n+39333${CLEAR}1234567,Anna\n+393331234567,${RLO}x\n`);
    const failed = await run(['contacts', 'convert', file, '--default-country', 'IT'], { tty: true });
    expectFailure(failed, 2);
    expectInert(failed.stderr);
    expect(failed.stderr).toContain('+39333\\u001b[2J1234567');
    const skipped = await run(
      ['contacts', 'convert', file, '--default-country', 'IT', '--skip-invalid', '--max-skipped', '100%'],
      {
        tty: true,
      },
    );
    expect(skipped.code, skipped.stderr).toBe(0);
    expectInert(skipped.stderr);
    expectInert(skipped.stdout);
    expect(skipped.stderr).toContain('warning: skipped 1 invalid row');
  });
});

describe('text from a campaign file', () => {
  it('campaigns create --dry-run: the summary and the plan on a terminal, the JSON piped as data', async () => {
    const dir = tempDir();
    const file = join(dir, 'campaign.json');
    const body = JSON.parse(readFileSync(join(ROOT, 'fixtures/campaigns/campaign.json'), 'utf8'));
    body.name = `Nightly${CLIPBOARD}${RLO}`;
    body.description = `desc${CLEAR}`;
    writeFileSync(file, JSON.stringify(body));
    const tty = await run(['campaigns', 'create', '--file', file, '--dry-run'], { tty: true });
    expect(tty.code, tty.stderr).toBe(0);
    expectInert(tty.stdout);
    expectInert(tty.stderr);
    expect(tty.stdout).toContain('Nightly\\x1b]52;c;cm0gLXJmIH4K\\x07\\u202e');
    const piped = await run(['campaigns', 'create', '--file', file, '--dry-run']);
    expect(JSON.parse(piped.stdout).body.name).toBe(body.name);
  });
});

describe('prompts', () => {
  it('a choice or a message from outside is drawn escaped; only the prompt itself draws with escape sequences', async () => {
    const io = testStreams({ tty: true, stdin: '\r' });
    const picked = await makePrompter(io).select(`Pick${RLO}:`, [
      { value: 'a', name: `a${CLIPBOARD}` },
      { value: 'b' },
    ]);
    expect(picked).toBe('a');
    expect(io.stderr()).toContain('a\\x1b]52;c;cm0gLXJmIH4K\\x07');
    expect(io.stderr()).toContain('Pick\\u202e:');
    expect(io.stderr()).not.toContain(`${ESC}]52`);
    expect(io.stderr()).not.toContain(RLO);
  });

  it('a default that is not safe as it is is not offered (the value returned must be the one shown)', async () => {
    const unsafe = testStreams({ tty: true, stdin: 'x\r' });
    expect(await makePrompter(unsafe).input('Name:', { default: `Anna${CLEAR}` })).toBe('x');
    expect(unsafe.stderr()).not.toContain(CLEAR);
    const safe = testStreams({ tty: true, stdin: '\r' });
    expect(await makePrompter(safe).input('Name:', { default: 'Anna' })).toBe('Anna');
  });
});

describe('spinner', () => {
  it('tts wait progress: ids, statuses and retry reasons from outside are drawn escaped, the key redacted', async () => {
    const io = testStreams({ tty: true, color: true });
    const f = createFactory({
      io,
      env: { VOICECTL_API_KEY: KEY },
      signal: new AbortController().signal,
      globals: () => ({}) as GlobalOptions,
    });
    // ora draws a frame every 80 ms: the clock is advanced, not waited for.
    // Restored whatever happens: the worker runs other test files after this one (isolate: false).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const progress = await waitProgress(f);
      progress.update(
        new Map([
          [
            `tts_1${CLEAR}`,
            { record: { id: 'tts_1', status: `processing${RLO}` }, trouble: `HTTP 503 ${CLIPBOARD} ${KEY}` },
          ],
        ]),
        0,
      );
      vi.advanceTimersByTime(200);
      progress.stop();
    } finally {
      vi.useRealTimers();
    }
    const drawn = io.stderr();
    expect(drawn).toContain('tts_1\\x1b[2J  processing\\u202e (retrying: HTTP 503 \\x1b]52;c;');
    expect(drawn).toContain('[redacted]');
    expect(drawn).not.toContain(KEY);
    expect(drawn).not.toContain(CLEAR);
    expect(drawn).not.toContain(`${ESC}]52`);
    expect(drawn).not.toContain(RLO);
  });
});

describe('on a real terminal (a pseudo-terminal through script(1))', () => {
  it('campaigns show writes no escape sequence of the server to the screen', async () => {
    server.on('GET', '/v1/campaigns/cmp_1', (_q, res) => json(res, 200, { data: campaign }));
    const env = cliEnv({ key: KEY, env: { VOICECTL_BASE_URL: server.url, NO_COLOR: '1', COLUMNS: '100' } });
    // script(1) gives the CLI a pseudo-terminal on stdin, stdout and stderr; what it prints is the screen's bytes.
    const r = await new Promise<{ status: number | null; stdout: Buffer }>((resolve) => {
      const child = spawn(
        'script',
        ['-q', '-e', '-c', `${shellWord(process.execPath)} ${shellWord(BIN)} campaigns show cmp_1`, '/dev/null'],
        {
          env: env as NodeJS.ProcessEnv,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const out: Buffer[] = [];
      child.stdout.on('data', (c: Buffer) => out.push(c));
      child.on('close', (status) => resolve({ status, stdout: Buffer.concat(out) }));
    });
    const screen = r.stdout.toString('utf8');
    expect(r.status, screen).toBe(0);
    expect(screen).toContain('Spring\\x1b]52;c;');
    // The only ESC bytes allowed are none at all: NO_COLOR, and no server byte passes.
    expect(screen).not.toContain(ESC);
    expect(screen).not.toContain(RLO);
    expect(screen.replace(/\r\n/g, '\n')).not.toContain('\r');
  });
});
