// campaigns report <id> --out FILE.html: the campaign as one self-contained page to look at or send on.
import * as z from 'zod/mini';
import { defineCommand, type Flags, type Options } from '../define.js';
import { CAMPAIGN_ID_ARGS } from './id-arg.js';

const args = CAMPAIGN_ID_ARGS;

const flags = {
  out: {
    flag: '--out <file.html>',
    help: 'the HTML file to write (- for stdout)',
    complete: 'files',
    schema: z.string().check(z.trim(), z.minLength(1, 'must not be empty')),
  },
  force: {
    flag: '--force',
    help: 'replace the --out file if it exists',
    schema: z._default(z.boolean(), false),
  },
} satisfies Flags;

export type ReportOptions = Options<typeof flags, typeof args>;

export const reportCommand = defineCommand({
  name: 'report',
  summary: 'Write a campaign report: one HTML file to open in a browser or send to a client.',
  description:
    'One self-contained HTML page: the outcome of each contact as a chart, the calls over time against the calling window, the contacts who answered and those not reached (with their own columns), and the follow-up list (also as a CSV download inside the page). It works offline: no script, no font, no image from anywhere (its Content-Security-Policy forbids every script and request), and every text from the service is escaped. From the campaign detail and the calls list, as campaigns results reads them.',
  examples: [
    'voicectl campaigns report cmp_0123456789abcdef --out report.html',
    'voicectl campaigns report cmp_0123456789abcdef --out - > report.html',
  ],
  args,
  flags,
  load: () => import('./report-run.js'),
});
