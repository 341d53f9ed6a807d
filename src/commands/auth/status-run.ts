// auth status: what it runs (the declaration is status.ts): the key checked against the API, scope by scope.
import * as z from 'zod/mini';
import type { ApiClient } from '../../api/client.js';
import { hideUrlCredentials, maskKey } from '../../api/redact.js';
import { ApiError, MalformedResponseError, NetworkError, ScopesUnknownError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { printRecord } from '../../io/output.js';
import { AnyRecord } from '../../schemas/common.js';
import { SCOPES } from '../../facts.js';
import { plural } from '../../io/format.js';
import { ENDPOINTS } from '../../schemas/endpoints.js';

/**
 * One probe per scope: the first endpoint of the table that needs it and takes no id, a list asked for one
 * record. Write scopes are probed with an empty body, which the service rejects as invalid (400 or 422), or answers
 * 503 (SMS sending, reference 4.9), when the scope is there, and with 403 when it is not: nothing is created or
 * charged. Anything else is not known (README "auth status"). Shown resource by resource, read before write.
 */
const PROBES = SCOPES.map((scope) => {
  const e = ENDPOINTS.find((e) => e.scope === scope && !e.path.includes('{'))!;
  return { scope, method: e.method, path: e.method === 'GET' ? `${e.path}?limit=1` : e.path };
}).sort((a, b) => resourceOrder(a.scope) - resourceOrder(b.scope) || (a.scope.endsWith(':read') ? -1 : 1));

function resourceOrder(scope: string): number {
  return SCOPES.findIndex((s) => s.split(':')[0] === scope.split(':')[0]);
}

/** What one probe showed: granted (true), refused (false, a 403) or not known (null, with why). */
interface Outcome {
  granted: boolean | null;
  why?: string;
  unreachable?: unknown;
}

/** What one probe says of its scope: granted on a 2xx read or a 400/422 write, refused on a 403, else unknown. */
async function probe(client: ApiClient, p: (typeof PROBES)[number]): Promise<Outcome> {
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
    // A read answered: the scope is there. A write probe is an empty body, which a service that checked it
    // refuses: a 2xx to it shows nothing about the scope.
    return p.method === 'GET' ? { granted: true } : { granted: null, why: 'a 2xx to an empty request' };
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.status === 401) throw err;
      if (err.status === 403) return { granted: false };
      // Passed authorization, refused for its empty body.
      if (p.method === 'POST' && (err.status === 400 || err.status === 422)) return { granted: true };
      return { granted: null, why: `HTTP ${err.status}` };
    }
    if (err instanceof NetworkError) return { granted: null, why: 'no answer', unreachable: err };
    if (err instanceof MalformedResponseError) return { granted: null, why: 'a 2xx that is not JSON' };
    throw err;
  }
}

export async function run(f: Factory): Promise<void> {
  const cfg = await f.config();
  const client = await f.client();
  const outcomes: Record<string, Outcome> = {};
  await Promise.all(PROBES.map(async (p) => void (outcomes[p.scope] = await probe(client, p))));
  // Reference 4.9: SMS sending answers 503 (not implemented) once the key and its scope passed. A 503 is also what a
  // service that is down answers, so it counts as granted only when a read probe showed the service up.
  const sms = outcomes['messages:write'];
  if (sms?.why === 'HTTP 503' && PROBES.some((p) => p.method === 'GET' && outcomes[p.scope].granted === true))
    outcomes['messages:write'] = { granted: true };
  const unreachable = PROBES.map((p) => outcomes[p.scope].unreachable);
  if (unreachable.every(Boolean)) {
    // No probe got an answer: whichever failed first is not the point, the service could not be reached.
    const err = unreachable[0] as InstanceType<typeof NetworkError>;
    err.message = `could not reach the service at ${f.log.redact(hideUrlCredentials(cfg.baseUrl))}: ${err.reason ?? err.message}`;
    throw err;
  }
  const scopes = Object.fromEntries(PROBES.map((p) => [p.scope, outcomes[p.scope].granted]));
  const record: Record<string, unknown> = {
    // A base URL may carry credentials (https://user:password@host): never printed.
    baseUrl: f.log.redact(hideUrlCredentials(cfg.baseUrl)),
    profile: cfg.profile ?? null,
    apiKey: maskKey(cfg.apiKey),
    source: cfg.source.apiKey,
    sandbox: cfg.sandbox,
    scopes,
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
      ...PROBES.map((p) => ({ key: p.scope, label: p.scope, human: () => shown(outcomes[p.scope]) })),
    ],
    'apiKey',
  );
  const unknown = PROBES.filter((p) => outcomes[p.scope].granted === null);
  if (unknown.length > 0) {
    throw new ScopesUnknownError(
      `could not tell whether the key has the ${plural(unknown.length, 'scope', { count: 'none' })} ${unknown
        .map((p) => `${p.scope} (${p.method} ${p.path.split('?')[0]}: ${outcomes[p.scope].why})`)
        .join(', ')}: the service answered neither granted nor refused`,
      {
        hints: [
          'A scope is granted on a 2xx to a read, or a 400/422 refusing the empty body of a write probe; refused on a 403. Check the base URL and the service status, then try again.',
        ],
      },
    );
  }
}

function shown(o: Outcome): string {
  return o.granted === true ? 'yes' : o.granted === false ? 'no (403)' : `unknown (${o.why})`;
}
