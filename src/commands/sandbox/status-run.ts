// sandbox status: whether the background sandbox of --sandbox runs, where, with which scenario, and what its
// organizations have (agents, caller numbers, this instance's keys).
import { configDir } from '../../config/paths.js';
import type { Factory } from '../../factory.js';
import { duration } from '../../io/format.js';
import { printRecord } from '../../io/output.js';
import { stateFile } from '../../sandbox/persist.js';
import { describeScenario, Scenario } from '../../sandbox/scenario.js';
import { probe, readInfo } from '../../sandbox/service.js';
import { organizations } from '../../sandbox/state.js';

export async function run(f: Factory): Promise<void> {
  const dir = configDir(f.env);
  const info = readInfo(dir);
  const status = info && (await probe(info));
  const record: Record<string, unknown> = status
    ? {
        running: true,
        url: status.url,
        pid: status.pid,
        version: status.version,
        startedAt: status.startedAt,
        lastRequestAt: status.lastRequestAt,
        idleStopSeconds: status.idleStopSeconds,
        stateFile: status.stateFile,
        scenario: status.scenario ? Scenario.parse(JSON.parse(status.scenario)) : null,
        // The keys of this instance, from the 0600 sandbox.json: shown to its owner only.
        organizations: organizations(info.keys),
      }
    : // Where the next --sandbox will read its state, running or not (to start afresh: remove it after a stop).
      {
        running: false,
        url: null,
        pid: null,
        version: null,
        idleStopSeconds: null,
        stateFile: stateFile(dir),
        scenario: null,
        organizations: organizations(),
      };
  const orgs = record.organizations as ReturnType<typeof organizations>;
  await printRecord(
    f.io,
    f.output(),
    record,
    [
      { key: 'running', label: 'Running', human: (r) => (r.running ? 'yes' : 'no (--sandbox starts it)') },
      { key: 'url', label: 'URL' },
      { key: 'pid', label: 'Pid' },
      { key: 'version', label: 'Version' },
      { key: 'startedAt', label: 'Started', time: true },
      { key: 'lastRequestAt', label: 'Last request', time: true },
      {
        key: 'idleStopSeconds',
        label: 'Stops when idle',
        human: (r) => (r.running ? `after ${duration(Number(r.idleStopSeconds) * 1000, 'setting')}` : '-'),
      },
      { key: 'stateFile', label: 'State' },
      {
        key: 'scenario',
        label: 'Scenario',
        human: (r) =>
          r.running
            ? describeScenario((r.scenario as Parameters<typeof describeScenario>[0] | null) ?? undefined)
            : '-',
      },
      // On a terminal, one row per thing to know; JSON and CSV carry `organizations` as data.
      ...(f.output().format !== 'table' ? [] : orgs).flatMap((o, i) => [
        { key: `org${i}`, label: o.name, human: () => o.id },
        { key: `org${i}.agents`, label: '  Agents', human: () => o.agents.join(', ') },
        { key: `org${i}.numbers`, label: '  Caller numbers', human: () => o.numbers.join(', ') },
        ...o.keys.map((k, j) => ({
          key: `org${i}.key${j}`,
          label: '  Key',
          human: () => `${k.key ?? '(made when it starts)'}  ${k.label}`,
        })),
      ]),
    ],
    'url',
  );
}
