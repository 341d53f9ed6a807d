// `voicectl sandbox status|stop` and the hidden `sandbox serve`: the background sandbox that --sandbox uses.
import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { printRecord } from '../../io/output.js';
import { terminalSafe } from '../../io/safe.js';
import { examples } from '../help.js';

export function makeStatusCommand(f: Factory): Command {
  const cmd = new Command('status')
    .description('Show whether the background sandbox of --sandbox runs: its URL, pid, version and idle stop.')
    .action(async () => {
      const [{ probe, readInfo, describeIdle }, { stateFile }] = await Promise.all([
        import('../../sandbox/service.js'),
        import('../../sandbox/persist.js'),
      ]);
      const dir = await f.configDir();
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
            human: (r) =>
              r.running ? `after ${describeIdle({ VOICECTL_SANDBOX_IDLE: String(r.idleStopSeconds) })}` : '-',
          },
          { key: 'stateFile', label: 'State' },
        ],
        'url',
      );
    });
  return examples(cmd, ['voicectl sandbox status', "voicectl sandbox status --json | jq -r '.url'"]);
}

export function makeStopCommand(f: Factory): Command {
  const cmd = new Command('stop')
    .description('Stop the background sandbox of --sandbox (its state is kept; the next --sandbox starts it again).')
    .action(async () => {
      const { stopService } = await import('../../sandbox/service.js');
      const stopped = await stopService(await f.configDir());
      f.warn(
        stopped
          ? `sandbox stopped (pid ${stopped.pid}, ${terminalSafe(String(stopped.url))})`
          : 'no background sandbox was running',
      );
    });
  return examples(cmd, ['voicectl sandbox stop']);
}

export function makeServeCommand(f: Factory): Command {
  const cmd = new Command('serve')
    .description('Run the background sandbox (started by --sandbox; not for direct use).')
    .action(async () => {
      const { serve } = await import('../../sandbox/service.js');
      const { appendFileSync } = await import('node:fs');
      const { logFile } = await import('../../sandbox/service.js');
      const dir = await f.configDir();
      await serve({ dir, env: f.env, signal: f.signal, log: (line) => appendFileSync(logFile(dir), `${line}\n`) });
    });
  return examples(cmd, ['voicectl --sandbox tts list   # starts it when none runs']);
}
