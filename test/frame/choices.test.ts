// Enumerated flag values: typed in any case, sent in the API's spelling (the sandbox's request log shows what
// arrived); a near miss is refused with "did you mean", exit 2, nothing sent. The API itself stays exact.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, KEYS, ROOT, useSandbox } from '../helpers/cli.js';

const FILE = join(ROOT, 'fixtures/campaigns/campaign.json');

const sandbox = useSandbox();

async function refused(argv: string[], message: string) {
  const r = await cli(argv, { sandbox });
  expect(r.code).toBe(2);
  expect(r.stderr.split('\n')[0]).toBe(`error: ${message}`);
  expect(r.stdout).toBe('');
  expect(sandbox.requests()).toEqual([]);
}

describe('tts list --status', () => {
  it.each(['failed', 'FAILED', 'Failed', ' failed '])('%j is sent as "failed"', async (typed) => {
    const r = await cli(['tts', 'list', '--status', typed], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    expect(sandbox.requests('GET', '/v1/tts').map((e) => e.query.status)).toEqual(['failed']);
  });

  it('one letter off: did you mean', () =>
    refused(
      ['tts', 'list', '--status', 'faild'],
      '--status: must be one of queued, processing, completed, failed; did you mean failed? (got "faild")',
    ));

  it('far from every status: the list only', () =>
    refused(
      ['tts', 'list', '--status', 'done'],
      '--status: must be one of queued, processing, completed, failed (got "done")',
    ));

  it('the API (the sandbox) still takes only its own spelling', async () => {
    const res = await fetch(`${sandbox.url}/v1/tts?status=FAILED`, {
      headers: { authorization: `Bearer ${KEYS.acme}` },
    });
    expect(res.status).toBe(400);
  });
});

describe('messages list --channel', () => {
  it.each([
    ['SMS', 'sms'],
    ['WhatsApp', 'whatsapp'],
    ['email', 'email'],
  ])('%j is sent as %j', async (typed, sent) => {
    const r = await cli(['messages', 'list', '--channel', typed], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    expect(sandbox.requests('GET', '/v1/messages').map((e) => e.query.channel)).toEqual([sent]);
  });

  it.each([
    ['whatsap', '; did you mean whatsapp?'],
    ['emial', '; did you mean email?'],
    ['fax', ''],
  ])('%j is refused%s', (typed, hint) =>
    refused(
      ['messages', 'list', '--channel', typed],
      `--channel: must be one of sms, email, whatsapp${hint} (got "${typed}")`,
    ),
  );
});

describe('campaigns create: strategies and --timezone', () => {
  const create = async (extra: string[]) => {
    const r = await cli(['campaigns', 'create', '--file', FILE, '--yes', ...extra], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    return sandbox.requests('POST', '/v1/campaigns')[0].body as Record<string, unknown>;
  };

  it('strategies in any case are sent in lower case', async () => {
    expect(await create(['--from-strategy', 'CLAMP', '--contact-strategy', 'Rolling'])).toMatchObject({
      fromNumberStrategy: 'clamp',
      contactAttemptStrategy: 'rolling',
    });
  });

  it('a strategy one swap away: did you mean', () =>
    refused(
      ['campaigns', 'create', '--file', FILE, '--yes', '--from-strategy', 'clmap'],
      '--from-strategy: must be one of rolling, clamp, custom; did you mean clamp? (got "clmap")',
    ));

  it.each([
    ['europe/rome', 'Europe/Rome'],
    ['AMERICA/NEW_YORK', 'America/New_York'],
    ['Europe/Rome', 'Europe/Rome'],
    ['UTC', 'UTC'],
    ['utc', 'UTC'],
  ])('--timezone %j is sent as %j', async (typed, sent) => {
    expect(await create(['--timezone', typed])).toMatchObject({ timezone: sent });
  });

  it.each([
    ['Europe/Rom', 'Europe/Rome'],
    ['rome', 'Europe/Rome'],
  ])('--timezone %j: did you mean %s', (typed, near) =>
    refused(
      ['campaigns', 'create', '--file', FILE, '--yes', '--timezone', typed],
      `--timezone: must be an IANA time zone known to this runtime, such as Europe/Rome or America/New_York; did you mean ${near}? (got "${typed}")`,
    ),
  );

  it('a zone nothing resembles: the rule only', () =>
    refused(
      ['campaigns', 'create', '--file', FILE, '--yes', '--timezone', 'Mars/Olympus_Mons'],
      '--timezone: must be an IANA time zone known to this runtime, such as Europe/Rome or America/New_York (got "Mars/Olympus_Mons")',
    ));
});

describe('voices list', () => {
  it('--gender FEMALE and --language EN filter as lower case', async () => {
    const r = await cli(['voices', 'list', '--gender', 'FEMALE', '--language', 'EN', '--json'], { key: null });
    expect(r.code, r.stderr).toBe(0);
    const voices = JSON.parse(r.stdout) as { gender: string; language: string }[];
    expect(voices.length).toBeGreaterThan(0);
    for (const v of voices) expect(v).toMatchObject({ gender: 'female', language: 'en' });
  });

  it.each([
    [['--gender', 'femal'], '--gender: must be one of female, male; did you mean female? (got "femal")'],
    [['--accent', 'Milanse'], '--accent: must be one of'],
  ])('%j: did you mean', async (args, message) => {
    const r = await cli(['voices', 'list', ...args], { key: null });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${message}`);
    expect(r.stderr).toContain('did you mean');
  });
});

describe('did you mean on a huge value', () => {
  it('a pasted 100,000-character --timezone is refused at once, not after seconds of comparing', async () => {
    const started = performance.now();
    const r = await cli(['campaigns', 'create', '--file', FILE, '--yes', '--timezone', 'x'.repeat(100_000)], {
      sandbox,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('did you mean');
    expect(sandbox.requests()).toEqual([]);
    // Comparing it with each of ~400 zones letter by letter took 110 s here; skipped by length it takes milliseconds.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
