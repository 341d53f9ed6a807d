// A strategy decides only what happens past the end of its list: where the attempts never get there, it has no
// effect, and campaigns create says so (a warning on stderr; the campaign is still valid). Every case runs with
// --dry-run against the sandbox and checks that nothing was sent.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, useSandbox, tempDir } from '../helpers/cli.js';

const CONTACTS = join(ROOT, 'fixtures/campaigns/contacts.json'); // alternatives: 2, 1 and 0
const FILE = join(ROOT, 'fixtures/campaigns/campaign.json');
const BASE = ['campaigns', 'create', '--name', 'N', '--agent', 'agent_sales', '--from', '+390212345678', '--dry-run'];
const A = '+390298765432';
const B = '+393401234567';
const C = '+390298765433';

const sandbox = useSandbox();

async function warnings(args: string[], contacts = CONTACTS): Promise<string[]> {
  const r = await cli([...BASE, '--contacts', contacts, ...args], { sandbox });
  expect(r.code, r.stderr).toBe(0);
  expect(sandbox.requests()).toEqual([]);
  return r.stderr
    .split('\n')
    .filter((l) => l.startsWith('warning: '))
    .map((l) => l.slice('warning: '.length));
}

const noEffect = (lines: string[]) => lines.filter((l) => /has no effect|will not be used/.test(l));

describe('--from-strategy', () => {
  it('without --from-attempts: no effect, every call from --from', async () => {
    expect(noEffect(await warnings(['--max-retries', '2', '--from-strategy', 'clamp']))).toEqual([
      '--from-strategy has no effect without caller IDs per attempt (--from-attempts): every call comes from +390212345678',
    ]);
  });

  it('with as many caller IDs as attempts (boundary): no effect', async () => {
    expect(
      noEffect(await warnings(['--max-retries', '1', '--from-attempts', `${A},${B}`, '--from-strategy', 'clamp'])),
    ).toEqual(['--from-strategy has no effect: --from-attempts covers all 2 attempts']);
  });

  it('with one attempt more than caller IDs: it decides the last one, no warning', async () => {
    expect(
      noEffect(await warnings(['--max-retries', '2', '--from-attempts', `${A},${B}`, '--from-strategy', 'clamp'])),
    ).toEqual([]);
  });

  it('with maxRetries 0 (the default): no effect', async () => {
    expect(noEffect(await warnings(['--from-strategy', 'rolling']))).toEqual([
      '--from-strategy has no effect when --max-retries 0: each contact is called once',
    ]);
  });
});

describe('more caller IDs than attempts', () => {
  it('names the ones that will not be used', async () => {
    expect(noEffect(await warnings(['--max-retries', '1', '--from-attempts', `${A},${B},${C}`]))).toEqual([
      `--from-attempts has 3 numbers but each contact gets 2 attempts (--max-retries 1, plus the first call): ${C} will not be used`,
    ]);
  });

  it('as many as attempts: nothing to say', async () => {
    expect(noEffect(await warnings(['--max-retries', '2', '--from-attempts', `${A},${B},${C}`]))).toEqual([]);
  });
});

describe('--contact-strategy', () => {
  it('when no contact has alternatives: no effect', async () => {
    const dir = tempDir();
    const plain = join(dir, 'plain.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(plain, JSON.stringify([{ phone_number: '+393331112222' }, { phone_number: '+393332223333' }]));
    expect(noEffect(await warnings(['--max-retries', '3', '--contact-strategy', 'clamp'], plain))).toEqual([
      '--contact-strategy has no effect: no contact has alternative numbers (contact_attempts)',
    ]);
  });

  it('when alternatives cover every retry (boundary: 2 attempts; the contacts have 2, 1 and 0): no effect', async () => {
    expect(noEffect(await warnings(['--max-retries', '1', '--contact-strategy', 'clamp']))).toEqual([
      "--contact-strategy has no effect: every contact's alternative numbers (contact_attempts) cover all 2 attempts",
    ]);
  });

  it('one attempt more (3: the contact with 1 alternative runs out): it decides, no warning', async () => {
    expect(noEffect(await warnings(['--max-retries', '2', '--contact-strategy', 'clamp']))).toEqual([]);
  });
});

describe('from a --file body', () => {
  it('names the field and the file, as the other warnings do', async () => {
    const r = await cli(['campaigns', 'create', '--file', FILE, '--max-retries', '1', '--dry-run'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `warning: contactAttemptStrategy (in ${FILE}) has no effect: every contact's alternative numbers (contact_attempts) cover all 2 attempts`,
    );
    expect(r.stderr).toContain(
      `warning: fromNumberStrategy (in ${FILE}) has no effect: fromNumberAttempts (in ${FILE}) covers all 2 attempts`,
    );
    expect(sandbox.requests()).toEqual([]);
  });
});

describe('alternatives never dialled (the dialer calls alternative N at attempt N+1)', () => {
  const undialled = (lines: string[]) => lines.filter((l) => l.includes('will never be dialled'));

  it('the default --max-retries 0 calls each contact once: every alternative is left out, and the plan says so', async () => {
    const [line] = undialled(await warnings([]));
    expect(line).toMatch(
      /^3 alternative numbers \(contact_attempts\) will never be dialled: each contact gets 1 attempt \(--max-retries 0, plus the first call\); --max-retries 2 dials them all\. Contacts: contact 1 \(\+\d+\), contact 2 \(\+\d+\)$/,
    );
  });

  it('--max-retries 1 leaves the second alternative of contact 1; 2 (boundary) dials every one', async () => {
    expect(undialled(await warnings(['--max-retries', '1']))).toEqual([
      expect.stringMatching(
        /^1 alternative number \(contact_attempts\) will never be dialled: each contact gets 2 attempts/,
      ),
    ]);
    expect(undialled(await warnings(['--max-retries', '2']))).toEqual([]);
  });
});
