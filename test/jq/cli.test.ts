// --jq and --fields through the real CLI against the sandbox: what a script sees, and what reached the service.
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, parseJson, spawnCli, useSandbox } from '../helpers/cli.js';
import { SIGNALS_DELIVERED } from '../helpers/capabilities.js';

const sandbox = useSandbox();
const ids: string[] = [];

beforeAll(async () => {
  for (let i = 0; i < 5; i++) {
    const r = await cli(['tts', 'create', '-q', '--text', `Hello ${i}`], { sandbox });
    ids.unshift(r.stdout.trim());
  }
});

describe('--jq', () => {
  it('filters a list with --all, printing strings raw, one per line', async () => {
    const r = await cli(['tts', 'list', '--all', '--limit', '2', '--jq', '.[] | .text'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(['Hello 4', 'Hello 3', 'Hello 2', 'Hello 1', 'Hello 0'].map((s) => `${s}\n`).join(''));
  });

  it('sees what --json prints: a whole list for a program that needs it, values as compact JSON', async () => {
    const json = parseJson<{ id: string }[]>((await cli(['tts', 'list', '--all'], { sandbox })).stdout);
    const r = await cli(['tts', 'list', '--all', '--jq', '[.[].id] | {n: length, first: .[0]}'], { sandbox });
    expect(r.stdout).toBe(`${JSON.stringify({ n: json.length, first: json[0].id })}\n`);
  });

  it('on a record, and on a dry run', async () => {
    const get = await cli(['tts', 'get', ids[0], '--jq', '"\\(.id) \\(.status)"'], { sandbox });
    expect(get.stdout).toBe(
      `${ids[0]} ${parseJson<{ status: string }>((await cli(['tts', 'get', ids[0]], { sandbox })).stdout).status}\n`,
    );
    const dry = await cli(
      [
        'campaigns',
        'create',
        '--name',
        'N',
        '--agent',
        'a',
        '--from',
        '+390212345678',
        '--contacts',
        '-',
        '--dry-run',
        '--jq',
        '.body.contacts | length',
      ],
      { sandbox, stdin: '[{"phone_number":"+393331234567"},{"phone_number":"+393331234568"}]' },
    );
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe('2\n');
  });

  it("a bad expression is exit 2, with jq's message, and nothing reaches the service", async () => {
    const r = await cli(['tts', 'list', '--all', '--jq', '.[] | select(.status =='], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: --jq: syntax error, unexpected end of file/);
    expect(sandbox.log).toEqual([]);
    const unknown = await cli(['campaigns', 'create', '--name', 'N', '--jq', 'nosuch'], { sandbox });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('nosuch/0 is not defined');
    expect(sandbox.log).toEqual([]);
  });

  it('an error while filtering stops it: what came before is printed, then the error (exit 1)', async () => {
    const r = await cli(
      ['tts', 'list', '--all', '--jq', '.[] | if .text == "Hello 2" then error("stop here") else .text end'],
      {
        sandbox,
      },
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('Hello 4\nHello 3\n');
    expect(r.stderr).toContain('error: --jq: stop here');
  });

  it('with -o ndjson or -q it is refused (-o csv and -o table make rows of its outputs: test/messages/filters)', async () => {
    for (const extra of [['-o', 'ndjson'], ['-q']]) {
      const r = await cli(['tts', 'list', '--jq', '.', ...extra], { sandbox });
      expect(r.code, extra.join(' ')).toBe(2);
      expect(r.stderr).toContain('conflicts with --jq');
    }
  });
});

describe('--fields', () => {
  it('chooses and orders the keys of JSON records', async () => {
    const r = await cli(['tts', 'list', '--all', '--fields', 'status,id'], { sandbox });
    const records = parseJson<Record<string, unknown>[]>(r.stdout);
    expect(records.map((x) => Object.keys(x))).toEqual(ids.map(() => ['status', 'id']));
    expect(records.map((x) => x.id)).toEqual(ids);
  });

  it('chooses the columns of CSV and tables', async () => {
    const csv = await cli(['tts', 'list', '--fields', 'id,text', '-o', 'csv'], { sandbox });
    expect(csv.stdout.split('\n')[0]).toBe('id,text');
    expect(csv.stdout.split('\n')[1]).toBe(`${ids[0]},Hello 4`);
    const table = await cli(['tts', 'list', '--fields', 'text,id'], { sandbox, tty: true });
    expect(table.stdout.split('\n')[0]).toMatch(/^TEXT\s+ID\s*$/);
    const record = await cli(['tts', 'get', ids[0], '--fields', 'text', '-o', 'csv'], { sandbox });
    expect(record.stdout).toBe('text\nHello 4\n');
  });

  it('goes before --jq', async () => {
    const r = await cli(['tts', 'get', ids[0], '--fields', 'id', '--jq', 'keys'], { sandbox });
    expect(r.stdout).toBe('["id"]\n');
  });

  it('an unknown field is refused with the nearest one and the list', async () => {
    const r = await cli(['tts', 'list', '--fields', 'id,stauts'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--fields: no field "stauts"; did you mean status?');
    expect(r.stderr).toMatch(/The fields: .*\bid\b.*\bstatus\b/);
  });
});

describe('--jq wherever JSON is printed', () => {
  it('api: the body as it came, and each record of --paginate as `| jq` would', async () => {
    const body = await cli(['api', 'GET', '/v1/tts', '--jq', '.data | length'], { sandbox });
    expect(body.code, body.stderr).toBe(0);
    expect(body.stdout).toBe(`${ids.length}\n`);
    const pages = await cli(['api', 'GET', '/v1/tts?limit=2', '--paginate', '--jq', '.text'], { sandbox });
    expect(pages.code, pages.stderr).toBe(0);
    expect(pages.stdout).toBe(['Hello 4', 'Hello 3', 'Hello 2', 'Hello 1', 'Hello 0'].map((s) => `${s}\n`).join(''));
  });

  it('the error object of --json goes through it too; one the program fails on stays as it is', async () => {
    const r = await cli(['tts', 'get', 'tts_nosuch', '--json', '--jq', '.error.code // .id'], { sandbox });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('not_found');
    const failing = await cli(['tts', 'get', 'tts_nosuch', '--json', '--jq', '.id | ascii_downcase'], { sandbox });
    expect(failing.code).toBe(4);
    expect(JSON.parse(failing.stderr.trimEnd().split('\n').at(-1)!)).toMatchObject({
      error: { code: 'not_found', exitCode: 4 },
    });
  });

  it('tts create --dry-run and contacts convert, which print JSON of their own', async () => {
    const dry = await cli(['tts', 'create', '--text', 'Hi there', '--dry-run', '--jq', '.text'], { sandbox });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe('Hi there\n');
    const convert = await cli(
      ['contacts', 'convert', '-', '--default-country', 'IT', '--jq', '[.[].phone_number] | join(",")'],
      { sandbox, stdin: 'phone\n3331112222\n3332223333\n' },
    );
    expect(convert.code, convert.stderr).toBe(0);
    expect(convert.stdout).toBe('+393331112222,+393332223333\n');
    const out = await cli(['contacts', 'convert', '-', '--default-country', 'IT', '--jq', '.', '--out', 'x.json'], {
      sandbox,
      stdin: 'phone\n3331112222\n',
    });
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('with --out they go to the file');
    expect(sandbox.log).toEqual([]);
  });

  it('a command that prints no JSON refuses --jq and --fields (exit 2) rather than ignore them', async () => {
    for (const [command, argv] of [
      ['profiles use', ['profiles', 'use', 'work', '--jq', '.']],
      ['completion', ['completion', 'bash', '--jq', '.']],
      ['sandbox stop', ['sandbox', 'stop', '--fields', 'id']],
    ] as const) {
      const r = await cli([...argv], { sandbox });
      expect(r.code, command).toBe(2);
      expect(r.stdout).toBe('');
      const flag = argv.at(-2);
      expect(r.stderr).toContain(
        `error: ${flag}: \`voicectl ${command}\` prints no JSON or records: ${flag} has nothing to work on`,
      );
    }
  });

  it('a bad expression is exit 2 before a request is sent, on any command', async () => {
    const r = await cli(['api', 'POST', '/v1/tts', '-F', 'text=Hi', '--jq', '.['], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --jq: syntax error/);
    expect(sandbox.log).toEqual([]);
  });
});

describe('--jq in its worker', () => {
  it.skipIf(!SIGNALS_DELIVERED)(
    'Ctrl-C stops a program that never ends (repeat(1)): exit 130, promptly',
    async () => {
      let sentAt = 0;
      const r = await spawnCli(['tts', 'list', '--jq', 'repeat(1)'], {
        sandbox,
        onSpawn: (child) => {
          const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
          kill.unref();
          // The list has arrived (the request is in the log), and jq runs on it: then Ctrl-C.
          const poll = setInterval(() => {
            if (!sandbox.log.some((e) => e.method === 'GET' && e.path.startsWith('/v1/tts'))) return;
            clearInterval(poll);
            setTimeout(() => {
              sentAt = Date.now();
              child.kill('SIGINT');
            }, 500);
          }, 20);
        },
      });
      expect(r.code, r.stderr).toBe(130);
      expect(r.stderr).toContain('interrupted');
      expect(Date.now() - sentAt).toBeLessThan(5000);
    },
    30_000,
  );
});

describe('--jq output bounded', () => {
  it('a filter that makes 32 MiB and more stops with an error line (exit 1), not a fatal error of V8', async () => {
    // One output of 32 MiB, its newline the byte over. Joined from 1 MiB pieces: jq's `s * n` of a long string
    // takes five times the CPU.
    const r = await cli(['voices', 'list', '--jq', '[range(32) | "x" * 1048576] | add'], { sandbox });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'error: --jq: the output is over 32 MiB, the most one --jq run prints; select less (.[:100], first(f), limit(n; f))',
    );
  });
});
