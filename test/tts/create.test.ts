// tts create against the sandbox, over real HTTP: every rule of reference 4.1/8 at its boundaries, with no
// request reaching the sandbox when a value is rejected; the cost rule; --dry-run; text from a file or stdin.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, parseJson, startSandbox, tempDir, virtualClock } from '../helpers/cli.js';
import { legacyBytes } from '../helpers/legacy-bytes.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.log.length = 0;
  sandbox.settings.ttsFailure = undefined;
});

const posts = () => sandbox.requests('POST', '/v1/tts');

async function accepted(args: string[]) {
  const r = await cli(['tts', 'create', ...args], { sandbox });
  expect(r.stderr).not.toMatch(/^error/m);
  expect(r.code).toBe(0);
  expect(posts()).toHaveLength(1);
  return { r, body: posts()[0].body as Record<string, unknown> };
}

async function rejected(args: string[], flag: string, rule: RegExp) {
  const r = await cli(['tts', 'create', ...args], { sandbox });
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(flag);
  expect(r.stderr).toMatch(rule);
  expect(r.stderr).not.toMatch(/\n\s+at /); // never a stack trace
  expect(r.stdout).toBe('');
  expect(sandbox.log).toHaveLength(0);
  return r;
}

describe('tts create: validation at the boundaries, nothing sent when rejected', () => {
  it.each([
    ['0.25', 0.25],
    ['4.0', 4],
    ['4', 4],
    ['1e0', 1],
    ['.5', 0.5],
  ])('accepts --speed %s', async (v, sent) => {
    const { body } = await accepted(['--text', 'hi', '--speed', v]);
    expect(body.speed).toBe(sent);
  });

  it.each(['0.24', '4.01', '0', '-1', 'fast', 'NaN', 'Infinity', '1e400', '0x2', '', '1,5'])(
    'rejects --speed %s',
    async (v) => {
      const r = await rejected(['--text', 'hi', '--speed', v], '--speed', /must be a number from 0.25 to 4/);
      expect(r.stderr).toContain(`"${v}"`);
    },
  );

  it.each([
    ['--stability', 'stability'],
    ['--similarity-boost', 'similarityBoost'],
    ['--style', 'style'],
  ])('accepts %s at 0 and 1 and rejects -0.01 and 1.01', async (flag, field) => {
    for (const [v, sent] of [
      ['0', 0],
      ['1', 1],
      ['0.5', 0.5],
    ] as const) {
      sandbox.log.length = 0;
      const { body } = await accepted(['--text', 'hi', flag, v]);
      expect(body[field]).toBe(sent);
    }
    for (const v of ['-0.01', '1.01', 'high']) {
      sandbox.log.length = 0;
      await rejected(['--text', 'hi', flag, v], flag, /must be a number from 0 to 1/);
    }
  });

  it('accepts 10,000 characters and rejects 10,001', async () => {
    const { body } = await accepted(['--text', 'a'.repeat(10_000)]);
    expect(body.text).toHaveLength(10_000);
    sandbox.log.length = 0;
    await rejected(
      ['--text', 'a'.repeat(10_001)],
      '--text',
      /must be at most 10,000 characters.*\(10,001 characters\)/,
    );
  });

  it('counts characters as the API does: an emoji is one', async () => {
    const { r } = await accepted(['--text', `${'😀'.repeat(10_000)}`]);
    expect(parseJson<{ characterCount: number }>(r.stdout).characterCount).toBe(10_000);
    sandbox.log.length = 0;
    await rejected(['--text', '😀'.repeat(10_001)], '--text', /at most 10,000/);
  });

  it('rejects missing and blank text', async () => {
    await rejected([], '--text or --file', /required/);
    await rejected(['--text', ''], '--text', /must contain some text/);
    await rejected(['--text', '  \n '], '--text', /must contain some text/);
    await rejected(['--text', 'a', '--file', 'x.txt'], '--text and --file', /cannot be combined/);
  });

  it('accepts a 20-character voice ID as typed and rejects 19 and 21 characters', async () => {
    const { body } = await accepted(['--text', 'hi', '--voice', 'AcmeVoice00000000001']);
    expect(body.voice).toBe('AcmeVoice00000000001');
    for (const v of ['AcmeVoice0000000001', 'AcmeVoice000000000001', 'AcmeVoice0000000000_']) {
      sandbox.log.length = 0;
      await rejected(
        ['--text', 'hi', '--voice', v],
        '--voice',
        /built-in voice .* or a voice ID of exactly 20 letters and digits/,
      );
    }
  });

  it('sends an alias typed in any case in its canonical spelling, and suggests near misses', async () => {
    const { body } = await accepted(['--text', 'hi', '--voice', 'lORENZO']);
    expect(body.voice).toBe('Lorenzo');
    sandbox.log.length = 0;
    const r = await rejected(['--text', 'hi', '--voice', 'Sara'], '--voice', /did you mean Sarah/);
    expect(r.stderr).toContain('"Sara"');
  });

  it('checks --language as a language code', async () => {
    const { body } = await accepted(['--text', 'hi', '--language', 'it']);
    expect(body.language).toBe('it');
    sandbox.log.length = 0;
    expect((await accepted(['--text', 'hi', '--language', 'IT'])).body.language).toBe('it');
    sandbox.log.length = 0;
    expect((await accepted(['--text', 'hi', '--language', 'PT-BR'])).body.language).toBe('pt-BR');
    sandbox.log.length = 0;
    await rejected(['--text', 'hi', '--language', 'italian!'], '--language', /language code/);
  });

  it('sends only the fields that were set: the API applies its defaults', async () => {
    const { body, r } = await accepted(['--text', 'Hello']);
    expect(body).toEqual({ text: 'Hello' });
    const id = parseJson<{ id: string }>(r.stdout).id;
    const g = sandbox.state.generations.find((x) => x.id === id)!;
    expect(g).toMatchObject({
      voice: 'Sarah',
      language: 'en',
      speed: 1,
      stability: 0.4,
      similarityBoost: 0.75,
      style: 0,
      source: 'api',
    });
  });

  it('refuses an --out that exists before sending anything', async () => {
    const dir = tempDir();
    const file = join(dir, 'taken.wav');
    writeFileSync(file, 'mine');
    await rejected(['--text', 'hi', '--out', file], '--out', /already exists/);
  });

  it('refuses an --out whose folder does not exist before sending anything (the generation would be charged)', async () => {
    const dir = tempDir();
    // The last good value: a new file in a folder that exists.
    await accepted(['--text', 'hi', '--out', join(dir, 'new.wav')]);
    expect(existsSync(join(dir, 'new.wav'))).toBe(true);
    sandbox.log.length = 0;
    const r = await rejected(
      ['--text', 'hi', '--out', join(dir, 'nope', 'new.wav')],
      '--out',
      /cannot write .*new\.wav: the folder .*nope does not exist; nothing was sent/,
    );
    expect(existsSync(join(dir, 'nope'))).toBe(false);
    expect(r.stderr).not.toMatch(/tts_/);
  });
});

describe('tts create: output and cost', () => {
  it.each([
    [1, 10],
    [100, 10],
    [101, 20],
    [1000, 100],
    [5000, 500],
  ])('%i characters cost %i tokens, charged when processing begins', async (n, cost) => {
    sandbox.advance(); // earlier generations are settled, so the balance moves by this one alone
    const before = sandbox.state.orgs[0].balance;
    const r = await cli(['tts', 'create', '--text', 'x'.repeat(n)], { sandbox });
    expect(r.code).toBe(0);
    expect(parseJson(r.stdout)).toMatchObject({ status: 'queued', characterCount: n });
    expect(r.stderr).toContain(`${cost} tokens for ${n} character`);
    const get = await cli(['tts', 'get', parseJson<{ id: string }>(r.stdout).id], { sandbox });
    expect(parseJson(get.stdout)).toMatchObject({ status: 'completed', tokenCost: cost });
    expect(sandbox.state.orgs[0].balance).toBe(before - cost);
  });

  it('prints the id alone with -q, for id=$(...)', async () => {
    const r = await cli(['tts', 'create', '-q', '--text', 'hi'], { sandbox });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^tts_[0-9a-f]{16}\n$/);
    expect(r.stderr).toBe('');
  });

  it('-q with --wait prints the id alone and keeps stderr quiet too', async () => {
    const r = await cli(['tts', 'create', '-q', '--wait', '--text', 'hi'], {
      sandbox,
      clock: virtualClock(),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^tts_[0-9a-f]{16}\n$/);
    expect(r.stderr).toBe('');
  });

  it('prints a record with the cost on a terminal', async () => {
    const r = await cli(['tts', 'create', '--text', 'Hello there'], { sandbox, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ID\s+tts_/m);
    expect(r.stdout).toMatch(/^Status\s+queued$/m);
    expect(r.stdout).toMatch(/^Characters\s+11$/m);
    expect(r.stdout).toMatch(/^Cost\s+10 tokens$/m);
    expect(r.stderr).toContain('voicectl tts wait tts_');
  });

  it('--dry-run prints the exact body and the cost and sends nothing', async () => {
    const r = await cli(
      ['tts', 'create', '--dry-run', '--text', 'x'.repeat(150), '--voice', 'aria', '--speed', '1.5'],
      { sandbox, key: null },
    );
    expect(r.code).toBe(0);
    expect(parseJson(r.stdout)).toEqual({ text: 'x'.repeat(150), voice: 'Aria', speed: 1.5 });
    expect(r.stderr).toContain('20 tokens for 150 characters');
    expect(sandbox.log).toHaveLength(0);
  });

  it('reads the text from a file (one trailing newline dropped) and from stdin', async () => {
    const dir = tempDir();
    const file = join(dir, 'script.txt');
    writeFileSync(file, 'From a file\n');
    const { body } = await accepted(['--file', file]);
    expect(body.text).toBe('From a file');
    sandbox.log.length = 0;
    const r = await cli(['tts', 'create', '--file', '-'], { sandbox, stdin: 'From stdin\n\n' });
    expect(r.code).toBe(0);
    expect(posts()[0].body).toEqual({ text: 'From stdin\n' });
  });

  it('names the file when its text breaks a rule, and when it cannot be read', async () => {
    const dir = tempDir();
    const big = join(dir, 'big.txt');
    writeFileSync(big, 'b'.repeat(10_001));
    await rejected(['--file', big], `--file ${big}`, /at most 10,000 characters/);
    await rejected(['--file', join(dir, 'missing.txt')], '--file', /cannot read .*: no such file/);
    mkdirSync(join(dir, 'sub'));
    await rejected(['--file', join(dir, 'sub')], '--file', /is a directory/);
  });

  it('reports the worker being unavailable (500 internal_error) with status, code and requestId', async () => {
    sandbox.settings.ttsFailure = 'internal_error';
    const r = await cli(['tts', 'create', '--text', 'hi'], { sandbox });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/status 500 · code internal_error · requestId req_[0-9a-f]+/);
    expect(posts()).toHaveLength(1); // a POST is never repeated
    expect(existsSync('tts_')).toBe(false);
  });

  it('needs the tts:write scope: a read-only key gets exit 3', async () => {
    const r = await cli(['tts', 'create', '--text', 'hi'], {
      sandbox,
      key: (await import('../helpers/cli.js')).KEYS.acmeRead,
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('tts:write');
  });
});

describe('tts create --file: text that is not UTF-8', () => {
  // Excel's "Unicode" text is UTF-16 with a BOM; Notepad's "ANSI" is windows-1252: ’ is 0x92, € is 0x80.
  const dir = tempDir();
  const cp1252 = join(dir, 'script-1252.txt');
  writeFileSync(cp1252, Buffer.from([...Buffer.from('Caff', 'latin1'), 0xe8, 0x20, 0x92, 0x80, 0x20, 0x35]));
  const utf16 = join(dir, 'script-utf16.txt');
  writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Caffè ’€ 5', 'utf16le')]));

  it('is refused before anything is sent, naming the encodings to choose from', async () => {
    const r = await rejected(['--file', cp1252], `--file: ${cp1252} is not valid UTF-8`, /--encoding windows-1252/);
    expect(r.stderr).toContain('"latin1" means the same');
  });

  it('--encoding windows-1252 (or latin1) sends the characters the file holds', async () => {
    for (const name of ['windows-1252', 'latin1', 'CP1252']) {
      sandbox.log.length = 0;
      const { body } = await accepted(['--file', cp1252, '--encoding', name]);
      expect(body.text).toBe('Caffè ’€ 5');
    }
  });

  it('a UTF-16 file with a BOM is read without --encoding', async () => {
    const { body } = await accepted(['--file', utf16]);
    expect(body.text).toBe('Caffè ’€ 5');
  });

  it('--encoding: an unknown name is refused; without --file it is an error', async () => {
    await rejected(['--file', cp1252, '--encoding', 'klingon'], '--encoding', /must be an encoding such as utf-8/);
    // A label of TextDecoder's "replacement" decoder, which reads any text as one U+FFFD.
    await rejected(['--file', cp1252, '--encoding', 'iso-2022-kr'], '--encoding', /must be an encoding such as/);
    await rejected(['--text', 'hi', '--encoding', 'latin1'], '--encoding', /applies to --file/);
  });

  it('--encoding shift_jis (or cp932) sends the Japanese text of a Shift_JIS file', async () => {
    const sjis = join(dir, 'script-sjis.txt');
    writeFileSync(sjis, legacyBytes('お電話ありがとうございます。㈱丸の内商事です。', 'shift_jis'));
    for (const name of ['shift_jis', 'cp932']) {
      sandbox.log.length = 0;
      const { body } = await accepted(['--file', sjis, '--encoding', name]);
      expect(body.text).toBe('お電話ありがとうございます。㈱丸の内商事です。');
    }
    // A byte that is no Shift_JIS character: refused at its line, not sent as "\uFFFD".
    sandbox.log.length = 0;
    const bad = join(dir, 'script-sjis-bad.txt');
    writeFileSync(bad, Buffer.concat([legacyBytes('お電話\nありがとう', 'shift_jis'), Buffer.from([0xa0])]));
    await rejected(
      ['--file', bad, '--encoding', 'shift_jis'],
      `--file: ${bad}: line 2 is not valid shift_jis`,
      /no character/,
    );
  });
});
