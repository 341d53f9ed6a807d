// README "Nightly campaign from a CRM export in CI", run as written: every step of the GitHub Actions job, the
// GitLab CI job and the plain shell script (read from README itself, the YAML with a YAML parser), with the real
// voicectl and bash, against the sandbox. The GitHub job runs a second time: that rerun creates and starts nothing,
// counted in the sandbox's request log. The three jobs run the same voicectl command lines (checked below) and a
// rerun takes in each the paths of their first run (create exits 0, wait exits 10), so one job's rerun proves all
// three's. `npm install -g voicectl` is the one step not run here: .ci/pack-check does exactly that.
import { spawn } from 'node:child_process';
import { appendFileSync, chmodSync, copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { scenarioSettings } from '../../src/sandbox/scenario.js';
import { Sandbox } from '../../src/sandbox/server.js';
import { assertNoSecrets, BIN, KEYS, ROOT, tempDir } from '../helpers/cli.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const EXPORT = join(ROOT, 'fixtures/ci/crm-export.csv'); // 5 rows, row 5 in scientific notation
const TODAY = '2026-11-23';
const INSTALL = /^npm install -g voicectl@/;

/** The recipe's fenced code blocks, with their language. */
function recipeBlocks(): { lang: string; code: string }[] {
  const start = README.indexOf('## Nightly campaign from a CRM export in CI');
  const end = README.indexOf('<!-- /section:ci-recipe -->');
  expect(start, 'README has the recipe').toBeGreaterThan(0);
  return [...README.slice(start, end).matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1],
    code: m[2],
  }));
}

interface Job {
  /** Shell scripts, each run by its own bash, in order; a failing one ends the job. */
  steps: string[];
  /** The job's environment as written, secrets replaced by the sandbox's key. */
  env: Record<string, string>;
}

function githubJob(): Job {
  const doc = parse(recipeBlocks().find((b) => b.lang === 'yaml' && b.code.includes('runs-on:'))!.code);
  const job = doc.jobs.campaign as { env: Record<string, string>; steps: { run?: string }[] };
  expect(job.env.VOICECTL_API_KEY, 'the key comes from a secret').toBe('${{ secrets.VOICE_API_KEY }}');
  const runs = job.steps.flatMap((s) => (s.run ? [s.run] : []));
  expect(runs.filter((r) => INSTALL.test(r))).toHaveLength(1);
  return {
    // GitHub runs each `run` as `bash --noprofile --norc -eo pipefail {0}`.
    steps: runs.filter((r) => !INSTALL.test(r)).map((r) => `set -eo pipefail\n${r}`),
    env: { ...job.env, VOICECTL_API_KEY: KEYS.acme },
  };
}

function gitlabJob(): Job {
  const doc = parse(recipeBlocks().find((b) => b.lang === 'yaml' && b.code.includes('script:'))!.code);
  const job = doc['nightly-campaign'] as { variables: Record<string, string>; script: string[] };
  expect(job.variables.VOICECTL_API_KEY, 'the key is a masked CI/CD variable, not in the file').toBeUndefined();
  expect(job.script.filter((r) => INSTALL.test(r))).toHaveLength(1);
  return {
    // GitLab runs the script lines in one shell, stopping at the first that fails.
    steps: [`set -eo pipefail\n${job.script.filter((r) => !INSTALL.test(r)).join('\n')}`],
    env: { ...job.variables, VOICECTL_API_KEY: KEYS.acme },
  };
}

function shellJob(): Job {
  const script = recipeBlocks().find((b) => b.lang === 'sh' && b.code.startsWith('#!/usr/bin/env bash'))!.code;
  return { steps: [script], env: { VOICECTL_API_KEY: KEYS.acme } };
}

const T0 = Date.parse('2026-11-23T05:00:00Z');
const NEVER_ANSWERS = '+393475551234';

/** A CI machine of its own: a sandbox, a work dir holding the export, and the PATH shims. */
interface Runner {
  sandbox: Sandbox;
  work: string;
  shims: string;
}

async function runner(): Promise<Runner> {
  // A clock that starts at T0 and runs as the wall clock does, with a dialer a million times faster and a calling
  // window that is always open: the campaign has finished by the time `campaigns wait` first reads it, so the wait
  // never sleeps. Carla (+393475551234) never answers: the job ends with exit 10.
  const start = Date.now();
  const sandbox = new Sandbox({
    now: () => T0 + (Date.now() - start),
    settings: {
      ttsQueueMs: 0,
      ttsProcessMs: 0,
      ...scenarioSettings({
        outcomes: { answered: 1 },
        numbers: { [NEVER_ANSWERS]: 'no_answer' },
        callingWindow: 'ignore',
        speed: 1_000_000,
      }),
    },
  });
  await sandbox.listen(0, '127.0.0.1');
  const work = tempDir('voicectl-recipe-');
  copyFileSync(EXPORT, join(work, 'crm-export.csv'));
  // `voicectl` is this checkout's; `date -u +%F` is pinned, so that both runs fall on the same day.
  const shims = tempDir('voicectl-shims-');
  writeFileSync(join(shims, 'voicectl'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  writeFileSync(
    join(shims, 'date'),
    `#!/bin/sh\nif [ "$*" = "-u +%F" ]; then echo ${TODAY}; else exec /bin/date "$@"; fi\n`,
  );
  chmodSync(join(shims, 'voicectl'), 0o755);
  chmodSync(join(shims, 'date'), 0o755);
  return { sandbox, work, shims };
}

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

function bash(script: string, cwd: string, env: Record<string, string | undefined>): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    // stdin not a pipe: bash takes a socket on stdin (node's pipes are socketpairs) for rshd's and sources ~/.bashrc.
    const child = spawn('bash', ['-c', script], {
      cwd,
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** Runs the job's steps in order, as CI does: the first that fails ends it. */
async function runJob({ sandbox, work, shims }: Runner, job: Job): Promise<RunResult> {
  const env = {
    PATH: `${shims}:${process.env.PATH}`,
    HOME: process.env.HOME,
    CI: 'true',
    VOICECTL_CONFIG_DIR: join(work, '.config'),
    ...job.env,
    VOICECTL_BASE_URL: sandbox.url, // instead of https://api.example.com
  };
  const all: RunResult = { code: 0, stdout: '', stderr: '' };
  for (const step of job.steps) {
    const r = assertNoSecrets(['recipe'], await bash(step, work, env), env);
    all.stdout += r.stdout;
    all.stderr += r.stderr;
    all.code = r.code;
    if (r.code !== 0) break;
  }
  return all;
}

// The three jobs run at once, each on its own runner: their time is spent in bash and voicectl processes.
describe.concurrent.each([
  ['GitHub Actions', githubJob, true],
  ['GitLab CI', gitlabJob, false],
  ['plain shell', shellJob, false],
])('README recipe, %s', (_name, job, rerun) => {
  // One test, nightly runs in turn: the first creates and starts, a rerun (the GitHub job's: see above) only reads,
  // and a last one after the export changed under the same name stops with exit 9, through the job's own handling
  // of that code (each run starts from the state the one before left).
  it(`${rerun ? 'run twice' : 'run'} against a scenario where one contact never answers: one campaign, created and started${rerun ? ' once, both runs exit 10' : ', exit 10'} with results.csv;${rerun ? ' the second run only reads;' : ''} a changed contact list under the same name then stops the job with exit 9 and sends nothing`, async () => {
    const r = await runner();
    const { sandbox, work } = r;
    const posts = () => sandbox.requests('POST');
    try {
      const first = await runJob(r, job());
      expect(first.code, first.stderr).toBe(10);
      const id = readFileSync(join(work, 'campaign-id.txt'), 'utf8').trim();
      expect(id).toMatch(/^cmp_/);
      expect(first.stdout).toContain(`campaign ${id}`);
      expect(first.stderr).toContain(`no campaign is named "Renewals ${TODAY}" yet`);
      // Created with startImmediately in the one request: started once, with the 4 valid rows of the export.
      expect(posts().map((e) => e.path)).toEqual(['/v1/campaigns']);
      expect(posts()[0].body).toMatchObject({
        name: `Renewals ${TODAY}`,
        startImmediately: true,
        variableMapping: { customer_name: 'first_name' },
      });
      expect((posts()[0].body as { contacts: unknown[] }).contacts).toHaveLength(4);
      // The rejected row is kept for the artifact, with its row number and reason.
      expect(readFileSync(join(work, 'rejects.csv'), 'utf8')).toMatch(
        /^\uFEFFrejected_row,[^\n]*\n5,phone: a spreadsheet/,
      );
      // The wait reported the contact not reached, and results.csv says who, with the number dialled.
      expect(first.stderr).toContain(`error: campaign ${id} finished with 1 contact not reached`);
      const results = () => readFileSync(join(work, 'results.csv'), 'utf8').trimEnd().split('\n');
      expect(results()).toHaveLength(5);
      expect(results()[0]).toMatch(/^phone_number,first_name,last_name,company,account_owner,result\.contact,/);
      expect(results().find((l) => l.startsWith(NEVER_ANSWERS))).toMatch(
        /,failed,no_answer,false,1,no_answer,\+393475551234,/,
      );
      expect(results().filter((l) => l.includes(',completed,answered,true,'))).toHaveLength(3);
      // --jq names the contact not reached in the job's log (a GitHub annotation there), with no jq installed.
      expect(first.stdout).toMatch(
        new RegExp(`^(::warning::)?not reached: "\\${NEVER_ANSWERS}"( \\("no_answer"\\))?$`, 'm'),
      );
      const progress = readFileSync(join(work, 'progress.ndjson'), 'utf8').trimEnd().split('\n');
      expect(JSON.parse(progress.at(-1)!)).toMatchObject({ id, status: 'COMPLETED', notReached: 1 });

      if (rerun) {
        sandbox.log.length = 0;
        const second = await runJob(r, job());
        expect(second.code, second.stderr).toBe(10);
        expect(readFileSync(join(work, 'campaign-id.txt'), 'utf8').trim()).toBe(id);
        expect(second.stderr).toContain(
          `campaign "Renewals ${TODAY}" already exists (${id}, COMPLETED): not created; it was started before: not started again`,
        );
        expect(second.stderr).toContain(`error: campaign ${id} finished with 1 contact not reached`);
        expect(results()).toHaveLength(5);
        expect(posts()).toEqual([]);
        expect(sandbox.requests('GET', '/v1/campaigns').length).toBeGreaterThan(0);
        expect(sandbox.state.campaigns).toHaveLength(1);
      }

      appendFileSync(join(work, 'crm-export.csv'), '345 000 1111,Fabio,Fontana,Fontana Srl,giulia\n');
      sandbox.log.length = 0;
      const changed = await runJob(r, job());
      expect(changed.code).toBe(9);
      expect(changed.stderr).toMatch(
        /error: campaign "Renewals 2026-11-23" already exists \(cmp_\w+, COMPLETED\) and differs from this one: contacts 4, this run 5/,
      );
      expect(changed.stdout + changed.stderr).toContain(
        "today's campaign exists with other contacts or caller ID: a person must decide",
      );
      expect(posts()).toEqual([]);
      expect(sandbox.state.campaigns).toHaveLength(1);
    } finally {
      await sandbox.close();
    }
    // Three job runs of bash and voicectl processes, with the other two jobs at once: 26-30 s when two suites ran on
    // top of the other work of this 2-core machine, where the 30 s default cut one short.
  }, 120_000);
});

it('the recipe has the three jobs, and nothing but them runs voicectl', () => {
  const blocks = recipeBlocks();
  expect(blocks.map((b) => b.lang)).toEqual(['yaml', 'yaml', 'sh']);
  expect(existsSync(EXPORT)).toBe(true);
});

/** A job's voicectl command lines as bash reads them (continuations joined, spaces collapsed), --jq's program aside. */
function voicectlLines(job: Job): string[] {
  return job.steps
    .join('\n')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l.startsWith('voicectl '))
    .map((l) => l.replace(/--jq '[^']*'/, '--jq PROGRAM'));
}

it('the three jobs run the same voicectl command lines in the same environment, so that the GitHub rerun stands for all', () => {
  const [github, ...others] = [githubJob(), gitlabJob(), shellJob()];
  const lines = voicectlLines(github);
  expect(lines).toHaveLength(5);
  expect(lines[1]).toContain('campaigns create --if-absent');
  for (const other of others) {
    expect(voicectlLines(other)).toEqual(lines);
    // The base URL as each job gets it in runJob: the sandbox's.
    expect({ ...other.env, VOICECTL_BASE_URL: '' }).toEqual({ ...github.env, VOICECTL_BASE_URL: '' });
  }
});

it("the log lines of each job's --jq keep a hostile server's strings as data: no workflow command, no escape", async () => {
  const { compileJq } = await import('../../src/io/jq.js');
  const programs = recipeBlocks().flatMap((b) => [...b.code.matchAll(/--jq '([^']*)'/g)].map((m) => m[1]));
  expect(programs).toHaveLength(3);
  // A phone_number that ends the annotation's line and starts commands of its own, with a terminal escape.
  const hostile = [
    {
      phone_number: '+393331234567\n::stop-commands::pwned\n::error::forged',
      result: 'no_answer\r::add-mask::x\u001b[2J',
    },
  ];
  for (const program of programs) {
    const { out } = await (await compileJq(program, { pretty: false })).apply(JSON.stringify(hostile));
    const lines = out.trimEnd().split('\n');
    expect(lines, program).toHaveLength(1);
    expect(lines[0]).toMatch(/^(::warning::)?not reached: "/);
    expect(out).not.toMatch(/[\r\u001b]/);
    expect(out).toContain('\\n::stop-commands::pwned\\n::error::forged');
  }
});
