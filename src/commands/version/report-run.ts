// voicectl version: what a bug report needs (as `gh version`, `aws --version`). Plain `voicectl --version` stays
// one line and is answered by bin/voicectl.js before anything loads; `--version --verbose` and `--version --json`
// land here (src/cli.ts).
import { CliError } from '../../errors.js';
import { configDir as configDirOf } from '../../config/paths.js';
import type { Factory } from '../../factory.js';
import { terminalSafe } from '../../io/safe.js';
import { VERSION } from '../../version.js';
import { type Installation, installation } from '../../install.js';
import { printRecord } from '../../io/output.js';
import { sandboxStatus, type SandboxStatus } from './sandbox.js';

interface VersionInfo {
  version: string;
  node: string;
  platform: string;
  arch: string;
  /** How this voicectl was installed, and where (the executable, or the package's folder). */
  installedAs: Installation['kind'];
  installPath: string;
  /** null when there is none to be found (no usable home directory): said in configDirProblem. */
  configDir: string | null;
  /** What chose configDir: the VOICECTL_CONFIG_DIR variable, or the platform's default. */
  configDirSource: 'VOICECTL_CONFIG_DIR' | 'default';
  configDirProblem?: string;
  sandbox: SandboxStatus;
}

/** Each way for people, and how it is upgraded. */
const INSTALLED: Record<Installation['kind'], [string, string]> = {
  executable: ['standalone executable', 'a newer one from the releases, or the package manager that installed it'],
  npm: ['npm package', 'npm install -g voicectl@latest'],
  clone: ['clone', 'git pull && npm install'],
};

async function versionInfo(f: Factory): Promise<VersionInfo> {
  // What a bug report needs must print even where the environment is what is broken (HOME empty): the config
  // dir's problem is one of its fields, not the command's failure.
  let configDir: string | null = null;
  let problem: string | undefined;
  try {
    configDir = configDirOf(f.env);
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    problem = err.message;
  }
  const installed = installation();
  return {
    version: VERSION,
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    installedAs: installed.kind,
    installPath: installed.path,
    configDir,
    configDirSource: f.env.VOICECTL_CONFIG_DIR ? 'VOICECTL_CONFIG_DIR' : 'default',
    ...(problem === undefined ? {} : { configDirProblem: problem }),
    sandbox: configDir
      ? await sandboxStatus(configDir)
      : { running: null, url: null, note: 'cannot be told without a config dir' },
  };
}

export async function run(f: Factory): Promise<void> {
  // A type literal, not the interface, to fit printRecord's Record<string, unknown>.
  const info = { ...(await versionInfo(f)) };
  await printRecord(
    f.io,
    f.output(),
    info,
    [
      { key: 'version', label: 'voicectl' },
      { key: 'node', label: 'Node.js' },
      { key: 'platform', label: 'platform', human: (r) => `${r.platform} ${r.arch}` },
      {
        key: 'installedAs',
        label: 'install',
        human: (r) =>
          `${INSTALLED[r.installedAs][0]} at ${terminalSafe(r.installPath)} (upgrade: ${INSTALLED[r.installedAs][1]})`,
      },
      {
        key: 'configDir',
        label: 'config',
        human: (r) =>
          r.configDir === null
            ? `none: ${terminalSafe(r.configDirProblem ?? '')}`
            : `${terminalSafe(r.configDir)}${r.configDirSource === 'default' ? '' : ` (${r.configDirSource})`}`,
      },
      {
        key: 'sandbox',
        label: 'sandbox',
        human: (r) =>
          r.sandbox.running
            ? `running at ${terminalSafe(r.sandbox.url ?? '?')}`
            : r.sandbox.running === false
              ? r.sandbox.note
              : `unknown: ${r.sandbox.note}`,
      },
    ],
    'version',
  );
}
