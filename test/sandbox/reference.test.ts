// The sandbox against the reference, rule by rule where a differential run found it wrong: SMS sending answers
// 503 whatever the body (4.9), an empty voice is the generation's voice_not_found (2.1), scheduledAt is any ISO
// 8601 date-time (4.4), and the key (401) and scope (403) are checked before the body (400). Raw HTTP, as any
// client of the sandbox would send it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { KEYS, startSandbox } from '../helpers/cli.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

async function send(method: string, path: string, body: string | undefined, key: string | null = KEYS.acme) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  const res = await fetch(`${sandbox.url}${path}`, { method, headers, body });
  const json = (await res.json()) as { data?: Record<string, unknown>; error?: { code: string; details?: unknown } };
  return { status: res.status, json };
}

describe('POST /v1/messages/sms (4.9: "currently answers with HTTP status 503 ... Request body: not shown")', () => {
  it.each([
    ['no body', undefined],
    ['an empty object', '{}'],
    ['an invalid number', '{"to":"123"}'],
    ['a complete message', '{"to":"+393331234567","body":"hi"}'],
    ['a body that is not JSON', 'to=+39'],
  ])('%s: 503 not_implemented', async (_name, body) => {
    const r = await send('POST', '/v1/messages/sms', body);
    expect(r).toMatchObject({ status: 503, json: { error: { code: 'not_implemented' } } });
  });
});

describe('order of checks: key (401), scope (403), route (404), then the body (400)', () => {
  it.each([
    ['no key', null, 401, 'unauthorized'],
    ['a read-only key', KEYS.acmeRead, 403, 'forbidden'],
    ['an all-scope key', KEYS.acme, 400, 'validation_error'],
  ])('a body that is not JSON, with %s: %i', async (_name, key, status, code) => {
    const r = await send('POST', '/v1/tts', '{not json', key);
    expect(r).toMatchObject({ status, json: { error: { code } } });
  });

  it('an unknown campaign with a malformed body: 404 (start reads no body)', async () => {
    const r = await send('POST', '/v1/campaigns/cmp_missing/start', '{not json');
    expect(r).toMatchObject({ status: 404, json: { error: { code: 'not_found' } } });
  });
});

describe('voice (2.1: an unknown voice is a failure of the generation, voice_not_found)', () => {
  it.each([
    ['""', '', 'failed'],
    ['"Sarah"', 'Sarah', 'completed'],
    ['"sarah" (aliases are exact)', 'sarah', 'failed'],
  ])('voice %s: created (201), then %s', async (_name, voice, status) => {
    const created = await send('POST', '/v1/tts', JSON.stringify({ text: 'Hello', voice }));
    expect(created.status).toBe(201);
    const got = await send('GET', `/v1/tts/${created.json.data?.id}`, undefined);
    expect(got.json.data).toMatchObject({
      status,
      voice,
      errorMessage: status === 'failed' ? 'voice_not_found' : null,
    });
    if (status === 'failed') expect(got.json.data?.tokenCost).toBe(0);
  });
});

describe('scheduledAt (4.4: "ISO 8601")', () => {
  const campaign = (scheduledAt: string) =>
    JSON.stringify({
      name: 'Scheduled',
      agentId: 'agent_sales',
      fromNumber: '+390212345678',
      contacts: [{ phone_number: '+393331234567' }],
      timezone: 'Europe/Rome',
      scheduledAt,
    });

  it.each(['2030-01-15T09:00Z', '2030-01-15T09:00', '2030-01-15T09:00:00.250+01:00', '20300115T0900Z'])(
    '%s: 201 SCHEDULED, kept as sent',
    async (at) => {
      const r = await send('POST', '/v1/campaigns', campaign(at));
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      expect(r.json.data).toMatchObject({ status: 'SCHEDULED', scheduledAt: at });
    },
  );

  it.each(['2030-02-29T09:00Z', '2030-01-15T09', '2030-01-15 09:00Z', 'tomorrow'])(
    '%s: 400 on scheduledAt',
    async (at) => {
      const r = await send('POST', '/v1/campaigns', campaign(at));
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.json.error?.details)).toContain('scheduledAt');
    },
  );
});
