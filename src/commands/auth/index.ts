import { Command } from 'commander';
import { z } from 'zod';
import { maskKey } from '../../api/redact.js';
import { ApiError, NetworkError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { printRecord } from '../../io/output.js';
import { AnyRecord, type Scope } from '../../schemas/common.js';
import { examples } from '../help.js';

/**
 * One probe per scope. Write scopes are probed with an empty body, which the service rejects as invalid (400),
 * or answers 503 (SMS sending, reference 4.9), when the scope is there, and with 403 when it is not: nothing is
 * created or charged.
 */
const PROBES: { scope: Scope; method: 'GET' | 'POST'; path: string }[] = [
  { scope: 'tts:read', method: 'GET', path: '/v1/tts?limit=1' },
  { scope: 'tts:write', method: 'POST', path: '/v1/tts' },
  { scope: 'campaigns:read', method: 'GET', path: '/v1/campaigns?limit=1' },
  { scope: 'campaigns:write', method: 'POST', path: '/v1/campaigns' },
  { scope: 'messages:read', method: 'GET', path: '/v1/messages?limit=1' },
  { scope: 'messages:write', method: 'POST', path: '/v1/messages/sms' },
];

export async function statusRun(f: Factory): Promise<void> {
  const cfg = await f.config();
  const client = await f.client();
  const scopes: Record<string, boolean> = {};
  await Promise.all(
    PROBES.map(async (p) => {
      const [path, qs] = p.path.split('?');
      try {
        await client.json(
          {
            method: p.method,
            path,
            query: qs ? Object.fromEntries(new URLSearchParams(qs)) : undefined,
            body: p.method === 'POST' ? {} : undefined,
          },
          z.unknown(),
        );
        scopes[p.scope] = true;
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        if (err.status === 401) throw err;
        scopes[p.scope] = err.status !== 403 && err.status !== 404;
      }
    }),
  ).catch((err: unknown) => {
    // Whichever probe failed first is not the point: the service could not be reached.
    if (err instanceof NetworkError)
      err.message = `could not reach the service at ${f.redact(cfg.baseUrl)}: ${err.reason ?? err.message}`;
    throw err;
  });
  const record: Record<string, unknown> = {
    // A base URL may carry credentials (https://user:password@host): never printed.
    baseUrl: f.redact(cfg.baseUrl),
    profile: cfg.profile ?? null,
    apiKey: maskKey(cfg.apiKey),
    source: cfg.source.apiKey,
    sandbox: cfg.sandbox,
    scopes: Object.fromEntries(PROBES.map((p) => [p.scope, scopes[p.scope]])),
  };
  AnyRecord.parse(record);
  await printRecord(
    f.io,
    f.output(),
    record,
    [
      { key: 'baseUrl', label: 'Base URL' },
      { key: 'profile', label: 'Profile' },
      { key: 'apiKey', label: 'API key', human: (r) => `${r.apiKey} (from ${r.source})` },
      ...PROBES.map((p) => ({ key: p.scope, label: p.scope, human: () => (scopes[p.scope] ? 'yes' : 'no (403)') })),
    ],
    'apiKey',
  );
}

export function make(f: Factory): Command {
  const auth = new Command('auth').description('Check the configured API key.');
  const status = new Command('status')
    .description(
      'Check the key against the API and list which scopes it can use.\n\nWrite scopes are probed with an empty request that the API rejects as invalid, so nothing is created or charged.',
    )
    .action(() => statusRun(f));
  auth.addCommand(examples(status, ['voicectl auth status', 'voicectl --profile ci auth status --json | jq .scopes']));
  return examples(auth, ['voicectl auth status']);
}
