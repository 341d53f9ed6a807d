// auth status: the configured key checked against the API, scope by scope (reference 5).
import * as z from 'zod/mini';
import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { SCOPES } from '../../facts.js';
import { ENDPOINTS } from '../../schemas/endpoints.js';
import { examples } from '../help.js';

export function makeStatusCommand(f: Factory, run = statusRun): Command {
  const cmd = new Command('status')
    .description(
      'Check the key against the API and list which scopes it can use.\n\nWrite scopes are probed with an empty request that the API rejects as invalid, so nothing is created or charged.',
    )
    .action(() => run(f));
  return examples(cmd, ['voicectl auth status', 'voicectl --profile ci auth status --json | jq .scopes']);
}

/**
 * One probe per scope: the first endpoint of the table that needs it and takes no id, a list asked for one
 * record. Write scopes are probed with an empty body, which the service rejects as invalid (400), or answers 503
 * (SMS sending, reference 4.9), when the scope is there, and with 403 when it is not: nothing is created or
 * charged. Shown resource by resource, read before write.
 */
const PROBES = SCOPES.map((scope) => {
  const e = ENDPOINTS.find((e) => e.scope === scope && !e.path.includes('{'))!;
  return { scope, method: e.method, path: e.method === 'GET' ? `${e.path}?limit=1` : e.path };
}).sort((a, b) => resourceOrder(a.scope) - resourceOrder(b.scope) || (a.scope.endsWith(':read') ? -1 : 1));

function resourceOrder(scope: string): number {
  return SCOPES.findIndex((s) => s.split(':')[0] === scope.split(':')[0]);
}

async function statusRun(f: Factory): Promise<void> {
  const [{ hideUrlCredentials, maskKey }, { ApiError, NetworkError }, { printRecord }, { AnyRecord }] =
    await Promise.all([
      import('../../api/redact.js'),
      import('../../errors.js'),
      import('../../io/output.js'),
      import('../../schemas/common.js'),
    ]);
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
      err.message = `could not reach the service at ${f.redact(hideUrlCredentials(cfg.baseUrl))}: ${err.reason ?? err.message}`;
    throw err;
  });
  const record: Record<string, unknown> = {
    // A base URL may carry credentials (https://user:password@host): never printed.
    baseUrl: f.redact(hideUrlCredentials(cfg.baseUrl)),
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
