// The lists people scan, on real terminals of 80x24 and 100x32 (tmux, with colours, as a user has them): messages
// list keeps the recipient, calls list the number called, campaigns list the contact counts, and the last frame of
// campaigns show --watch has a heading over every column. Skipped where tmux is not installed.
import { execFile, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/sandbox/server.js';
import { BIN, cli, cliEnv, tempDir } from '../helpers/cli.js';

const HAS_TMUX = spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0;
const T0 = Date.parse('2026-03-02T08:00:00Z');
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
let sockets = 0;

const tmux = (socket: string, args: string[], env?: Record<string, string | undefined>) =>
  new Promise<string>((resolve, reject) =>
    execFile(
      'tmux',
      ['-L', socket, '-f', '/dev/null', ...args],
      { env: env as NodeJS.ProcessEnv, timeout: 60_000 },
      (err, out) => (err ? reject(err) : resolve(out)),
    ),
  );

/** voicectl in a tmux window of `columns` x `rows`; the screen once it has exited. */
async function inTmux(argv: string[], columns: number, rows: number, sandbox: Sandbox): Promise<string> {
  const socket = `voicectl-test-${process.pid}-${sockets++}`;
  const env = { ...cliEnv({ sandbox }), TERM: 'xterm-256color' };
  const command = `${[process.execPath, BIN, ...argv].map(quote).join(' ')}; tmux -L ${socket} wait-for -S done; sleep 60`;
  try {
    await tmux(socket, ['new-session', '-d', '-x', String(columns), '-y', String(rows), '-s', 't', command], env);
    await tmux(socket, ['wait-for', 'done']);
    return await tmux(socket, ['capture-pane', '-p', '-t', 't']);
  } finally {
    await tmux(socket, ['kill-server']).catch(() => undefined);
  }
}

const headings = (line: string) => line.trim().split(/\s{2,}/);
/** Where each column of a line starts (two spaces or more apart). */
const starts = (line: string) => [...line.matchAll(/(?:^|\s{2,})(\S)/g)].map((m) => m.index! + m[0].length - 1);

let sb: Sandbox;
let reads = (): number => 0;
beforeAll(async () => {
  if (!HAS_TMUX) return;
  sb = new Sandbox({
    now: () => T0 + reads() * 120_000,
    settings: { timeScale: 1, outcomeWeights: { answered: 1, no_answer: 1 } },
  });
  reads = () => sb.requests('GET', '/v1/campaigns/').length;
  await sb.listen(0, '127.0.0.1');
});

/** A started campaign of 27 contacts with two alternatives each, called two at a time. */
async function newCampaign(): Promise<string> {
  const file = join(tempDir(), 'many.json');
  writeFileSync(
    file,
    JSON.stringify(
      Array.from({ length: 27 }, (_, i) => ({
        phone_number: `+3933300000${String(i).padStart(2, '0')}`,
        first_name: `Contact number ${i + 1} with a rather long name`,
        contact_attempts: [
          { phone_number: `+3906100000${String(i).padStart(2, '0')}` },
          { phone_number: `+3906200000${String(i).padStart(2, '0')}` },
        ],
      })),
    ),
  );
  const created = await cli(
    [
      ...['campaigns', 'create', '--name', 'Spring renewals, northern region', '--agent', 'agent_sales'],
      ...['--from', '+390212345678', '--contacts', file, '--max-concurrency', '2', '--start', '--yes', '-q'],
    ],
    { sandbox: sb },
  );
  expect(created.code, created.stderr).toBe(0);
  return created.stdout.trim();
}

afterAll(() => sb?.close());

describe.skipIf(!HAS_TMUX)('on 80x24 and 100x32 terminals (tmux)', () => {
  for (const [columns, rows] of [
    [80, 24],
    [100, 32],
  ] as const) {
    it(`${columns}x${rows}: messages list keeps the recipient, calls list the number called`, {
      timeout: 60_000,
    }, async () => {
      const messages = (await inTmux(['messages', 'list', '--limit', '10'], columns, rows, sb)).split('\n');
      expect(headings(messages[0])).toEqual(expect.arrayContaining(['CREATED', 'STATUS', 'TO', 'BODY']));
      expect(messages[1]).toMatch(/\s(\+\d{8,}|[\w.]+@[\w.]+)\s/);
      for (const l of messages) expect(l.length).toBeLessThanOrEqual(columns);
      const calls = (await inTmux(['calls', 'list', '--limit', '10'], columns, rows, sb)).split('\n');
      expect(headings(calls[0])).toEqual(expect.arrayContaining(['ID', 'STATUS', 'TO']));
    });

    it(`${columns}x${rows}: campaigns list and the watch's last frame show the counts under their headings`, {
      timeout: 60_000,
    }, async () => {
      const id = await newCampaign();
      const watch = await inTmux(['campaigns', 'show', id, '--watch', '--interval', '0.05'], columns, rows, sb);
      const lines = watch.split('\n');
      expect(watch).toMatch(/Progress\s+total 27 · pending 0 · inProgress 0 · completed \d+ · failed \d+/);
      const at = lines.findIndex((l) => l.startsWith('#  '));
      expect(at, watch).toBeGreaterThan(0);
      expect(headings(lines[at])).toEqual(expect.arrayContaining(['#', 'NUMBER', 'STATUS', 'CALLS', 'LAST OUTCOME']));
      // Every column of a full row sits under a heading.
      const full = lines.slice(at + 1).find((l) => /\sno_answer\s/.test(l))!;
      expect(starts(full)).toEqual(starts(lines[at]));
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(columns);
      const list = (await inTmux(['campaigns', 'list'], columns, rows, sb)).split('\n');
      expect(headings(list[0]).slice(0, 6)).toEqual(['ID', 'NAME', 'STATUS', 'CONTACTS', 'COMPLETED', 'FAILED']);
      expect(list[1]).toMatch(/^cmp_\w+\s+Spring renewals.*\s+COMPLETED\s+27\s+\d+\s+\d+/);
      expect(starts(list[1]).slice(0, 6)).toEqual(starts(list[0]).slice(0, 6));
    });
  }
});
