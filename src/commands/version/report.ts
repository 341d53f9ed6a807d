// voicectl version: what a bug report needs (as `gh version`, `aws --version`). Plain `voicectl --version` stays
// one line and is answered by bin/voicectl.js before anything loads; `--version --verbose` and `--version --json`
// land here (src/cli.ts).
import { defineCommand } from '../define.js';

export const versionCommand = defineCommand({
  name: 'version',
  summary:
    'Print the version of voicectl, Node.js and the platform, where the config lives and whether a sandbox is running: what a bug report needs. JSON when piped or with --json.',
  description: '`voicectl --version` prints only the version, on one line.',
  examples: ['voicectl version', 'voicectl version --json', 'voicectl --version --verbose'],
  load: () => import('./report-run.js'),
});
