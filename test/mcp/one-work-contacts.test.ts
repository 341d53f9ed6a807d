// contacts convert and campaigns create, and their tools contacts_convert and campaigns_create, are one work each
// (issue 33): the same export, converted by the command and by the tool, gives the same contacts file and the same
// report (the command's --json summary is the tool's result), the rules the command applies to the rows hold for the
// tool too, and a campaign made from a CSV by either reaches the API as the same request.
import { copyFileSync, existsSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, ROOT, startSandbox, tempDir } from '../helpers/cli.js';
import { CAMPAIGN, type McpSession, startMcp } from './helpers.js';

let sandbox: Sandbox;
let dir: string;
let s: McpSession;
beforeAll(async () => {
  sandbox = await startSandbox();
  dir = realpathSync(tempDir('voicectl-one-work-'));
  s = await startMcp(sandbox, ['--allow-write', '--dir', dir]);
});
afterAll(async () => {
  await s.close();
  await sandbox.close();
});

/** Exports written by tools nobody here wrote (fixtures/contacts/exports/README.md), with the country each is in. */
const EXPORTS: [file: string, country: string][] = [
  ['exports/shopify-customers.csv', 'SE'],
  ['exports/dynamics-365-contacts.csv', 'BE'],
  ['exports/mailchimp-audience.csv', 'IE'],
  ['exports/salesforce-dataloader-contacts.csv', 'ZA'],
  ['exports/google-forms-ar.csv', 'SA'],
];

describe('contacts convert and contacts_convert: one conversion', () => {
  it.each(EXPORTS)('%s (%s): the same contacts and the same report', async (file, country) => {
    const name = `${file.replace(/\W/g, '-')}`;
    copyFileSync(join(ROOT, 'fixtures/contacts', file), join(dir, name));
    const out = join(dir, `${name}.cli.json`);
    const r = await cli(['contacts', 'convert', join(dir, name), '--default-country', country, '--out', out, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const { summary } = JSON.parse(r.stderr);

    const t = await s.call('contacts_convert', { file: name, defaultCountry: country, output: `${name}.mcp.json` });
    expect(t.isError, t.text).toBe(false);
    expect(readFileSync(join(dir, `${name}.mcp.json`), 'utf8')).toBe(readFileSync(out, 'utf8'));
    const { output, notes, untrusted, ...report } = t.data;
    // What quotes the file is marked as such; the counts and the path are the tool's own.
    expect(untrusted).toEqual(expect.arrayContaining(['errors', 'warnings', 'columns']));
    expect(untrusted).not.toContain('contacts');
    expect(output).toBe(join(dir, `${name}.mcp.json`));
    const { notes: cliNotes, ...cliReport } = summary;
    expect(report).toEqual(cliReport);
    // The command's text notes are the tool's notes, in the tool's words.
    const text = await cli(['contacts', 'convert', join(dir, name), '--default-country', country]);
    const noted = text.stderr.split('\n').filter((l) => l.startsWith('note:'));
    expect(noted.length).toBeGreaterThan(0);
    for (const line of noted)
      expect(notes).toContain(
        line.replace('--phone-column', 'phoneColumn').replace('--default-country', 'defaultCountry'),
      );
    expect(cliNotes).toEqual([]);
  });

  it('skipInvalid is bounded as --skip-invalid is (--max-skipped, 20% by default): the same error, nothing written', async () => {
    // Odoo's Argentine mobiles: one of four rows reads two ways, 25% of the file.
    copyFileSync(join(ROOT, 'fixtures/contacts/exports/odoo-contacts.csv'), join(dir, 'odoo.csv'));
    const r = await cli(['contacts', 'convert', join(dir, 'odoo.csv'), '--default-country', 'AR', '--skip-invalid']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--skip-invalid would leave out 1 of 4 rows (25%), more than --max-skipped 20% allows');
    const t = await s.call('contacts_convert', { file: 'odoo.csv', defaultCountry: 'AR', skipInvalid: true });
    expect(t.isError).toBe(true);
    expect(t.text).toContain('skipInvalid would leave out 1 of 4 rows (25%), more than --max-skipped 20% allows');
    expect(existsSync(join(dir, 'odoo.contacts.json'))).toBe(false);
  });

  it('a file without one valid contact is an error for both, and no file is written', async () => {
    writeFileSync(join(dir, 'none.csv'), 'name,phone_number\nAnna,12\nBruno,not a number\n');
    const r = await cli(['contacts', 'convert', join(dir, 'none.csv'), '--default-country', 'IT', '--skip-invalid']);
    expect(r.code).toBe(2);
    const t = await s.call('contacts_convert', { file: 'none.csv', defaultCountry: 'IT', skipInvalid: true });
    expect(t.isError).toBe(true);
    // The same first line, in the tool's words.
    const first = r.stderr
      .split('\n')[0]
      .replace(/^error: /, '')
      .replace(join(dir, 'none.csv'), 'none.csv');
    expect(t.text).toContain(first.replace('--skip-invalid', 'skipInvalid'));
    expect(readdirSync(dir).filter((f) => f.startsWith('none.'))).toEqual(['none.csv']);
    expect(sandbox.requests()).toHaveLength(0);
  });
});

describe('campaigns create and campaigns_create: one reading of the contacts, one request', () => {
  it.each(EXPORTS)('%s (%s): the same POST /v1/campaigns from the command and from the tool', async (file, country) => {
    const name = `campaign-${file.replace(/\W/g, '-')}`;
    copyFileSync(join(ROOT, 'fixtures/contacts', file), join(dir, name));
    const before = sandbox.requests('POST', '/v1/campaigns').length;
    const r = await cli(
      [
        ...['campaigns', 'create', '--name', CAMPAIGN.name, '--agent', CAMPAIGN.agentId, '--from', CAMPAIGN.fromNumber],
        ...['--contacts', join(dir, name), '--default-country', country, '--yes', '--json'],
      ],
      { sandbox },
    );
    expect(r.code, r.stderr).toBe(0);
    const args = { ...CAMPAIGN, contactsFile: name, defaultCountry: country };
    const plan = await s.call('campaigns_create', args);
    expect(plan.isError, plan.text).toBe(false);
    const created = await s.call('campaigns_create', { ...args, planId: plan.data.planId });
    expect(created.isError, created.text).toBe(false);
    const posts = sandbox.requests('POST', '/v1/campaigns').slice(before);
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toEqual(posts[0].body);
    expect((posts[0].body as { contacts: unknown[] }).contacts.length).toBeGreaterThan(0);
  });

  it('rows the command refuses, the tool refuses: the same row error, nothing sent', async () => {
    copyFileSync(join(ROOT, 'fixtures/contacts/exports/odoo-contacts.csv'), join(dir, 'odoo-campaign.csv'));
    const before = sandbox.requests().length;
    const r = await cli(
      [
        ...['campaigns', 'create', '--name', CAMPAIGN.name, '--agent', CAMPAIGN.agentId, '--from', CAMPAIGN.fromNumber],
        ...['--contacts', join(dir, 'odoo-campaign.csv'), '--default-country', 'AR', '--yes'],
      ],
      { sandbox },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('row 2, Móvil "11 2345-6785": reads 2 ways');
    const t = await s.call('campaigns_create', {
      ...CAMPAIGN,
      contactsFile: 'odoo-campaign.csv',
      defaultCountry: 'AR',
    });
    expect(t.isError).toBe(true);
    expect(t.text).toContain('row 2, Móvil "11 2345-6785": reads 2 ways');
    expect(sandbox.requests().slice(before)).toEqual([]);
  });
});
