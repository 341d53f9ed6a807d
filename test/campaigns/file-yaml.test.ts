// campaigns create --file: YAML or JSON by content, the same request either way, errors with line and column.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, tempDir, useSandbox } from '../helpers/cli.js';

const sandbox = useSandbox();

function file(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

describe('campaigns create --file', () => {
  it('a YAML file and a JSON file with the same content send the same request', async () => {
    const bodies: unknown[] = [];
    for (const f of ['campaign.yaml', 'campaign.json']) {
      sandbox.log.length = 0;
      const r = await cli(['campaigns', 'create', '--file', join(ROOT, 'fixtures/campaigns', f), '--yes'], { sandbox });
      expect(r.code, r.stderr).toBe(0);
      const posts = sandbox.requests('POST', '/v1/campaigns');
      expect(posts).toHaveLength(1);
      bodies.push(posts[0].body);
    }
    expect(bodies[0]).toEqual(bodies[1]);
  });

  it('names an unknown field with its line and column, and the field meant', async () => {
    const path = file('c.yaml', 'name: N\nagentId: a\nmaxRetry: 2\n');
    const r = await cli(['campaigns', 'create', '--file', path], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--file: ${path}:3:1: unknown field "maxRetry"; did you mean "maxRetries"?`);
    expect(sandbox.log).toEqual([]);
  });

  it('names a value the rules refuse with its line and column', async () => {
    const path = file(
      'c.yaml',
      'name: N\nagentId: a\nfromNumber: "+390212345678"\ncontacts: [{ phone_number: "+393331112222" }]\nmaxRetries: 9\n',
    );
    const r = await cli(['campaigns', 'create', '--file', path], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`maxRetries (in ${path}:5:1): must be from 0 to 5 (got 9)`);
  });

  it('says where a file is not valid YAML or JSON', async () => {
    const yaml = await cli(['campaigns', 'create', '--file', file('c.yaml', 'name: N\nagentId: [a\n')], { sandbox });
    expect(yaml.code).toBe(2);
    expect(yaml.stderr).toMatch(/c\.yaml:\d+:\d+: not valid YAML: /);
    const json = await cli(['campaigns', 'create', '--file', file('c.json', '{\n  "name": "N",\n  "agentId" "a"\n}')], {
      sandbox,
    });
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(/c\.json:3:\d+: not valid JSON: /);
  });
});
