// campaigns create --skeleton: a template of the create body read from its schema, which --file takes once filled in.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_DEFAULTS, CampaignCreate } from '../../src/schemas/campaigns.js';
import { cli, parseJson, tempDir, useSandbox } from '../helpers/cli.js';

const sandbox = useSandbox();
const FIELDS = Object.keys(CampaignCreate.shape);
const REQUIRED = ['name', 'agentId', 'fromNumber', 'contacts'];

function file(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

/** The YAML skeleton filled in as a person would: placeholders replaced, a few optional fields uncommented. */
function fillYaml(skeleton: string): string {
  return skeleton
    .replace('name: "<required>"', 'name: Spring renewals')
    .replace('agentId: "<required>"', 'agentId: agent_sales')
    .replace('fromNumber: "<required>"', 'fromNumber: "+390212345678"')
    .replace('phone_number: "<required>"', 'phone_number: "+393331112222"\n    first_name: Anna')
    .replace('# maxRetries: 0', 'maxRetries: 2')
    .replace('# fromNumberStrategy: "rolling"', 'fromNumberStrategy: clamp')
    .replace('# timezone: "Europe/Rome"', 'timezone: America/New_York');
}

describe('campaigns create --skeleton', () => {
  it('YAML: every field of the body with its rule and default; only the required ones left uncommented', async () => {
    const r = await cli(['campaigns', 'create', '--skeleton'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    for (const field of FIELDS) expect(r.stdout).toMatch(new RegExp(`^# ${field} \\((required|optional)`, 'm'));
    expect(r.stdout).toContain(
      `# maxRetries (optional, default ${CAMPAIGN_DEFAULTS.maxRetries}): a whole number; must be from 0 to 5`,
    );
    expect(r.stdout).toContain(`# timezone (optional, default "${CAMPAIGN_DEFAULTS.timezone}")`);
    expect(r.stdout).toContain(
      `# fromNumberStrategy (optional, planned as ${CAMPAIGN_DEFAULTS.strategy} when left out): one of rolling, clamp, custom`,
    );
    expect(r.stdout).toContain('# fromNumber (required): text; must be an E.164 phone number');
    const doc = parseDocument(r.stdout);
    expect(doc.errors).toEqual([]);
    expect(Object.keys(doc.toJS())).toEqual(REQUIRED);
    // The same with the format named.
    expect((await cli(['campaigns', 'create', '--skeleton', 'yaml'], { sandbox })).stdout).toBe(r.stdout);
    expect(sandbox.log).toEqual([]);
  });

  it('JSON: every field, no comments; defaults as values, placeholders saying the rule', async () => {
    const r = await cli(['campaigns', 'create', '--skeleton', 'json'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    const body = parseJson<Record<string, unknown>>(r.stdout);
    expect(Object.keys(body)).toEqual(FIELDS);
    expect(body.maxRetries).toBe(CAMPAIGN_DEFAULTS.maxRetries);
    expect(body.retryDelayMinutes).toBe(CAMPAIGN_DEFAULTS.retryDelayMinutes);
    expect(body.fromNumber).toMatch(/^<required: .*E\.164/);
    expect(body.maxConcurrency).toBe('<optional: a whole number; must be 1 or more>');
    expect(body.fromNumberStrategy).toMatch(/^<optional: one of rolling, clamp, custom; planned as rolling/);
  });

  it('filled in, YAML is accepted by --dry-run, and creates the same request as the same content in JSON', async () => {
    const skeleton = (await cli(['campaigns', 'create', '--skeleton'], { sandbox })).stdout;
    const yaml = file('campaign.yaml', fillYaml(skeleton));
    const dry = await cli(['campaigns', 'create', '--file', yaml, '--dry-run', '--json'], { sandbox });
    expect(dry.code, dry.stderr).toBe(0);
    expect(parseJson<{ body: unknown }>(dry.stdout).body).toEqual({
      name: 'Spring renewals',
      agentId: 'agent_sales',
      fromNumber: '+390212345678',
      contacts: [{ phone_number: '+393331112222', first_name: 'Anna' }],
      fromNumberStrategy: 'clamp',
      maxRetries: 2,
      timezone: 'America/New_York',
    });
    expect(sandbox.log).toEqual([]);

    const json = file('campaign.json', JSON.stringify(parse(fillYaml(skeleton))));
    const bodies: unknown[] = [];
    for (const path of [yaml, json]) {
      sandbox.log.length = 0;
      const r = await cli(['campaigns', 'create', '--file', path, '--yes'], { sandbox });
      expect(r.code, r.stderr).toBe(0);
      const posts = sandbox.requests('POST', '/v1/campaigns');
      expect(posts).toHaveLength(1);
      bodies.push(posts[0].body);
    }
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[0]).toMatchObject({ name: 'Spring renewals', maxRetries: 2 });
  });

  it('filled in, JSON is accepted: placeholders replaced, the optional fields left out removed', async () => {
    const body = parseJson<Record<string, unknown>>(
      (await cli(['campaigns', 'create', '--skeleton', 'json'], { sandbox })).stdout,
    );
    for (const [k, v] of Object.entries(body)) if (JSON.stringify(v).includes('"<optional')) delete body[k];
    Object.assign(body, {
      name: 'N',
      agentId: 'a',
      fromNumber: '+390212345678',
      contacts: [{ phone_number: '+393331112222' }],
    });
    const r = await cli(['campaigns', 'create', '--file', file('c.json', JSON.stringify(body)), '--dry-run'], {
      sandbox,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(sandbox.log).toEqual([]);
  });

  it('a placeholder left in is refused with its line and column, and nothing is sent', async () => {
    const skeleton = (await cli(['campaigns', 'create', '--skeleton'], { sandbox })).stdout;
    const half = skeleton
      .replace('name: "<required>"', 'name: N')
      .replace('agentId: "<required>"', 'agentId: a')
      .replace('fromNumber: "<required>"', 'fromNumber: "+390212345678"')
      .replace('# maxConcurrency: "<optional>"', 'maxConcurrency: "<optional>"');
    const path = file('c.yaml', half);
    const line = (s: string) => half.split('\n').findIndex((l) => l.includes(s)) + 1;
    const r = await cli(['campaigns', 'create', '--file', path, '--dry-run'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `--file: ${path}:${line('- phone_number')}:5: contacts[0].phone_number still holds the placeholder of --skeleton`,
    );
    expect(r.stderr).toContain(`${path}:${line('maxConcurrency: "<optional>"')}:1: maxConcurrency still holds`);
    expect(r.stderr).toContain('or remove the optional fields you leave out. Nothing was sent.');
    expect(sandbox.log).toEqual([]);
  });

  it('an unknown format is exit 2', async () => {
    const r = await cli(['campaigns', 'create', '--skeleton', 'xml'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--skeleton: must be one of yaml, json (got "xml")');
  });
});
