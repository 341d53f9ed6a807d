// One meaning per flag: --timeout is the wait wherever a command waits (tts wait, create --wait, download --wait),
// --request-timeout the limit of each request; both take 90, 90s, 10m, 1h, and messages say them as typed.
// Flags that change nothing are said.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, type CliOptions, startSandbox, virtualClock } from '../helpers/cli.js';

// The waits pass on a clock shared by the sandbox and the command: a --timeout of 0.5s waits no real time.
const clock = virtualClock();
const fast: CliOptions = { clock };

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({}, clock);
});
afterAll(() => sandbox.close());
beforeEach(() => {
  Object.assign(sandbox.settings, { ttsQueueMs: 0, ttsProcessMs: 0 });
  sandbox.clearFaults();
  sandbox.log.length = 0;
});

async function queued(): Promise<string> {
  Object.assign(sandbox.settings, { ttsQueueMs: 0, ttsProcessMs: 60_000 });
  const r = await cli(['tts', 'create', '-q', '--text', 'Hello'], { sandbox });
  expect(r.code, r.stderr).toBe(0);
  sandbox.log.length = 0;
  return r.stdout.trim();
}

describe('--timeout is the wait', () => {
  it.each([
    ['0.5s', 'gave up after 0.5s'],
    ['0.4', 'gave up after 0.4s'],
  ])('tts wait --timeout %s says "%s", exit 6', async (typed, said) => {
    const id = await queued();
    const r = await cli(['tts', 'wait', id, '--timeout', typed], { sandbox, ...fast });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(`error: ${said}: 1 of 1 generation still pending`);
  });

  it.each([
    ['tts create --wait', ['tts', 'create', '--text', 'Hi', '--wait']],
    ['tts create --out', ['tts', 'create', '--text', 'Hi', '--out', '-']],
  ])('%s --timeout 0.3s gives up the same way (it was --wait-timeout)', async (_name, argv) => {
    Object.assign(sandbox.settings, { ttsQueueMs: 0, ttsProcessMs: 60_000 });
    const r = await cli([...argv, '--timeout', '0.3s'], { sandbox, ...fast });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('error: gave up after 0.3s');
  });

  it('tts download --wait --timeout 0.3s too', async () => {
    const id = await queued();
    const r = await cli(['tts', 'download', id, '--wait', '--out', '-', '--timeout', '0.3s'], { sandbox, ...fast });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('error: gave up after 0.3s');
  });

  it.each(['10m', '90', '90s', '1h', '1h30m', '604800', '168h'])(
    'tts create --wait --timeout %s is a wait, not a per-request limit: it completes',
    async (typed) => {
      const r = await cli(['tts', 'create', '--text', 'Hi', '--wait', '--timeout', typed], { sandbox, ...fast });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ status: 'completed' });
    },
  );

  it.each(['0', '0s', '604800.5', '169h', '10 m', '10min', '1e1', '-5s', ''])(
    'tts create --wait --timeout %j is refused before anything is sent',
    async (typed) => {
      const r = await cli(['tts', 'create', '--text', 'Hi', '--wait', '--timeout', typed], { sandbox });
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(
        `error: --timeout: must be a duration such as 90, 90s, 10m or 1h (more than 0, at most 7 days) (got "${typed}")`,
      );
      expect(sandbox.requests()).toEqual([]);
    },
  );
});

describe('--timeout is measured on a monotonic clock, not the time of day', () => {
  // The time of day steps (NTP, a VM or laptop resuming) after the first poll; the monotonic clock (here the virtual
  // one, which the sandbox shares) moves only as the command waits. The wait must end by the monotonic clock.
  const stepping = (stepMs: number) => {
    let step = 0;
    return {
      now: () => clock.now() + step,
      monotonic: clock.now,
      sleep: (ms: number, signal?: AbortSignal) => {
        step = stepMs;
        return clock.sleep(ms, signal);
      },
    };
  };
  const waited = (from: number) => clock.now() - from;

  it('a step back of an hour during --timeout 10s: still gives up after 10 s of waiting', async () => {
    const id = await queued();
    const from = clock.now();
    const r = await cli(['tts', 'wait', id, '--timeout', '10s'], { sandbox, clock: stepping(-3_600_000) });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('error: gave up after 10s: 1 of 1 generation still pending');
    expect(waited(from)).toBe(10_000);
    // Polls at 0, 3, 6, 9 s and the last look at the deadline (10 s), not an hour of them.
    expect(sandbox.requests('GET', `/v1/tts/${id}`)).toHaveLength(5);
  });

  it('a step forward of two hours during --timeout 30s: waits the 30 s, not 3', async () => {
    const id = await queued();
    const from = clock.now();
    const r = await cli(['tts', 'wait', id, '--timeout', '30s'], { sandbox, clock: stepping(7_200_000) });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('error: gave up after 30s');
    expect(waited(from)).toBe(30_000);
  });

  it('tts create --wait completes as usual across a step of the time of day', async () => {
    Object.assign(sandbox.settings, { ttsQueueMs: 0, ttsProcessMs: 5_000 });
    const r = await cli(['tts', 'create', '--text', 'Hi', '--wait', '--timeout', '1m'], {
      sandbox,
      clock: stepping(-3_600_000),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'completed' });
  });
});

describe('--request-timeout is the limit of each request', () => {
  it('says the limit as typed, and how to raise it', async () => {
    sandbox.addFault({ method: 'GET', path: '/v1/tts', latencyMs: 3000 });
    const r = await cli(['tts', 'list', '--request-timeout', '0.2s'], { sandbox });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: GET /v1/tts timed out after 0.2s');
    expect(r.stderr).toContain('Raise --request-timeout (e.g. --request-timeout 2m) if the service is slow.');
  });

  it.each(['1h', '3600', '60m', '59m60s'])('%s is accepted', async (typed) => {
    const r = await cli(['--request-timeout', typed, 'tts', 'list', '--limit', '1'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    expect(sandbox.requests('GET', '/v1/tts')).toHaveLength(1);
  });

  it.each(['3600.001', '1h0.5s', '61m', '0'])('%s is refused, nothing sent', async (typed) => {
    const r = await cli(['tts', 'list', '--request-timeout', typed], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `error: --request-timeout: must be a duration such as 90, 90s, 10m or 1h (more than 0, at most 1 hour) (got "${typed}")`,
    );
    expect(sandbox.requests()).toEqual([]);
  });
});

describe('flags that do not exist there', () => {
  // --wait-timeout was never released, and --timeout is the wait of the commands that wait: elsewhere each is
  // commander's unknown option, with nothing sent.
  it.each([
    [['tts', 'list', '--timeout', '30']],
    [['--timeout', '30', 'campaigns', 'list']],
    [['tts', 'create', '--text', 'Hi', '--wait', '--wait-timeout', '5m']],
  ])('%j exits 2, nothing sent', async (argv) => {
    const r = await cli(argv, { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: unknown option '--(wait-)?timeout'/);
    expect(sandbox.requests()).toEqual([]);
  });
});

describe('wait flags on a command that will not wait', () => {
  it.each([
    [['tts', 'create', '--text', 'Hi', '--timeout', '5m'], ['--timeout'], '--wait, --out or --play'],
    [
      ['tts', 'create', '--text', 'Hi', '--interval', '5', '--timeout', '5m'],
      ['--interval', '--timeout'],
      '--wait, --out or --play',
    ],
    [['tts', 'create', '--text', 'Hi', '--interval', '3'], ['--interval'], '--wait, --out or --play'],
  ])('%j warns for each, and still creates it', async (argv, flags, how) => {
    const r = await cli(argv, { sandbox });
    expect(r.code, r.stderr).toBe(0);
    for (const flag of flags) expect(r.stderr).toContain(`warning: ${flag} has no effect without ${how}\n`);
    expect(r.stderr.match(/has no effect/g)).toHaveLength(flags.length);
    expect(sandbox.requests('POST', '/v1/tts')).toHaveLength(1);
  });

  it('tts download without --wait', async () => {
    const created = await cli(['tts', 'create', '-q', '--text', 'Hi', '--wait'], { sandbox, ...fast });
    const r = await cli(['tts', 'download', created.stdout.trim(), '--out', '-', '--timeout', '1m'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning: --timeout has no effect without --wait\n');
  });

  it('with --wait: no warning', async () => {
    const r = await cli(['tts', 'create', '--text', 'Hi', '--wait', '--timeout', '5m', '--interval', '3'], {
      sandbox,
      ...fast,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('has no effect');
  });
});
