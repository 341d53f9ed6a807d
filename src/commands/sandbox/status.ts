// sandbox status: whether the background sandbox of --sandbox runs, and where.
import { Command } from 'commander';
import { configDir } from '../../config/paths.js';
import type { Factory } from '../../factory.js';
import { duration } from '../../io/format.js';
import { examples } from '../help.js';

export function makeStatusCommand(f: Factory, run = statusRun): Command {
  const cmd = new Command('status')
    .description('Show whether the background sandbox of --sandbox runs: its URL, pid, version and idle stop.')
    .action(() => run(f));
  return examples(cmd, ['voicectl sandbox status', "voicectl sandbox status --json | jq -r '.url'"]);
}

async function statusRun(f: Factory): Promise<void> {
  const [{ probe, readInfo }, { stateFile }, { printRecord }] = await Promise.all([
    import('../../sandbox/service.js'),
    import('../../sandbox/persist.js'),
    import('../../io/output.js'),
  ]);
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
      }
    : // Where the next --sandbox will read its state, running or not (to start afresh: remove it after a stop).
      { running: false, url: null, pid: null, version: null, idleStopSeconds: null, stateFile: stateFile(dir) };
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
    ],
    'url',
  );
}
