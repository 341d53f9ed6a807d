// The global options as commander declares them: plain data, so `voicectl --help` loads no schema library.
// Their defaults and rules live in globals.ts (GlobalOptions).
import { FORMATS } from './io/output.js';

/** Flags of the global options; `value` marks those that take one. */
export const GLOBAL_FLAGS: { flags: string; description: string; value?: boolean }[] = [
  { flags: '--profile <name>', description: 'use this stored profile (env VOICECTL_PROFILE)', value: true },
  { flags: '--base-url <url>', description: 'API base URL (env VOICECTL_BASE_URL)', value: true },
  { flags: '--sandbox', description: 'run against the local sandbox: no account, no charges' },
  { flags: '--json', description: 'print JSON (the default when stdout is not a terminal)' },
  { flags: '-o, --output <format>', description: `output format: ${FORMATS.join('|')}`, value: true },
  { flags: '-q, --quiet', description: 'print only IDs, one per line' },
  { flags: '--csv-raw', description: 'CSV cells exactly as the data: no guard against spreadsheet formulas' },
  { flags: '--no-color', description: 'no colors (also NO_COLOR=1)' },
  { flags: '--debug', description: 'log HTTP requests and responses to stderr (the key is redacted)' },
  {
    flags: '--timeout <seconds>',
    description: 'timeout of each HTTP request, its whole body (downloads too) included, up to 3600 (default 30)',
    value: true,
  },
];
