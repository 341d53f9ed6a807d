// All usage errors of one run in one report: the contacts that cannot be read and the required flags missing too,
// with the CSV errors that share a cause on one line. Nothing sent.
import { describe, expect, it } from 'vitest';
import { cli, useSandbox } from '../helpers/cli.js';
import { file } from '../contacts/helpers.js';

const sandbox = useSandbox();

describe('campaigns create: one report for every problem', () => {
  const rows = Array.from({ length: 45 }, (_, i) => `P${i},333 ${String(1000000 + i)}`).join('\n');

  it('45 numbers without a country and --agent and --from missing: one line for the numbers, one for the flags', async () => {
    const csv = file('leads.csv', `name,phone\n${rows}\n`);
    const r = await cli(['campaigns', 'create', '--name', 'N', '--contacts', csv], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      `error: ${csv}: 45 errors in 45 rows`,
      '  Also missing: --agent, --from (required flags).',
      '  rows 2, 3, 4, 5, 6, 7, 8, 9, … (45 rows), phone "333 1000000", "333 1000001", "333 1000002", …: no country code: write it as +<country code><number>, or pass --default-country (for example IT)',
      '  Nothing was sent. Fix the rows, or add --skip-invalid to send the valid contacts (and --rejects file.csv for the others).',
    ]);
    expect(sandbox.requests()).toEqual([]);
  });

  it('boundary: with every required flag given, only the CSV problem is reported', async () => {
    const csv = file('leads.csv', `name,phone\n${rows}\n`);
    const r = await cli(
      ['campaigns', 'create', '--name', 'N', '--agent', 'agent_sales', '--from', '+390212345678', '--contacts', csv],
      { sandbox },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('Also missing');
    expect(sandbox.requests()).toEqual([]);
  });
});
