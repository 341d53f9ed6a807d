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

  it('JSON nested 64 deep is read; 65 deep, or 200,000, is a usage error naming the place, nothing sent', async () => {
    const nested = (n: number) => `${'['.repeat(n - 1)}${']'.repeat(n - 1)}`;
    // The body object is the first level: 63 more in the name's value make 64 (a wrong name, but read).
    const ok = await cli(['campaigns', 'create', '--file', file('c.json', `{"name": ${nested(64)}}`)], { sandbox });
    expect(ok.code).toBe(2);
    expect(ok.stderr).not.toContain('nested deeper');
    for (const n of [65, 200_000]) {
      const r = await cli(['campaigns', 'create', '--file', file('c.json', `{"name": ${nested(n)}}`)], { sandbox });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('c.json:1:73: nested deeper than 64 levels; a campaign body is at most 5 deep');
      expect(r.stderr).not.toContain('This is a bug');
    }
    // Brackets inside strings are text.
    const text = await cli(['campaigns', 'create', '--file', file('c.json', `{"name": "${'['.repeat(100)}"}`)], {
      sandbox,
    });
    expect(text.stderr).not.toContain('nested deeper');
    expect(sandbox.log).toEqual([]);
  });

  it('YAML nested too deep (flow or indentation) and an alias bomb are usage errors (exit 2), never "This is a bug"', async () => {
    let indented = 'x: 1';
    for (let i = 0; i < 300; i++) indented = `x:\n${indented.replace(/^/gm, '  ')}`;
    const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 10; i++)
      lines.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    const cases: [string, string][] = [
      [`name: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`, 'nested deeper than 64 levels'],
      [`${indented}\n`, 'nested deeper than 64 levels'],
      [`name: ${'['.repeat(64)}${']'.repeat(64)}\n`, 'nested deeper than 64 levels'],
      [`${lines.join('\n')}\nname: *a9\n`, 'its aliases (*name) expand to too much (at most 100 uses'],
    ];
    for (const [text, said] of cases) {
      const r = await cli(['campaigns', 'create', '--file', file('c.yaml', text)], { sandbox });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(said);
      expect(r.stderr).not.toContain('This is a bug');
    }
    const shallow = await cli(
      ['campaigns', 'create', '--file', file('c.yaml', `name: ${'['.repeat(63)}${']'.repeat(63)}\n`)],
      {
        sandbox,
      },
    );
    expect(shallow.stderr).not.toContain('nested deeper');
    expect(sandbox.log).toEqual([]);
  });
});
