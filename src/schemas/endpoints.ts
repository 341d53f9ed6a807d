// Every endpoint of the reference with the scope it requires (section 4 and 5). The sandbox enforces it,
// the client names it in the hint of a 403, and `auth status` probes the read ones.
import type { Scope } from '../facts.js';

export interface Endpoint {
  method: 'GET' | 'POST';
  /** Path template; `{id}` stands for a path parameter. */
  path: string;
  scope: Scope;
}

export const ENDPOINTS: readonly Endpoint[] = [
  { method: 'POST', path: '/v1/tts', scope: 'tts:write' },
  { method: 'GET', path: '/v1/tts/{id}', scope: 'tts:read' },
  { method: 'GET', path: '/v1/tts', scope: 'tts:read' },
  { method: 'POST', path: '/v1/campaigns', scope: 'campaigns:write' },
  { method: 'POST', path: '/v1/campaigns/{id}/start', scope: 'campaigns:write' },
  { method: 'GET', path: '/v1/campaigns', scope: 'campaigns:read' },
  { method: 'GET', path: '/v1/campaigns/{id}', scope: 'campaigns:read' },
  { method: 'GET', path: '/v1/messages', scope: 'messages:read' },
  { method: 'POST', path: '/v1/messages/sms', scope: 'messages:write' },
  // The reference shows /v1/calls only as a pagination example and names no scope for it;
  // the sandbox (and this table) read it with campaigns:read, since calls are what campaigns produce.
  { method: 'GET', path: '/v1/calls', scope: 'campaigns:read' },
];

function matches(template: string, path: string): boolean {
  const t = template.split('/');
  const p = path.split('/');
  return t.length === p.length && t.every((seg, i) => (seg === '{id}' ? p[i] !== '' : seg === p[i]));
}

export function findEndpoint(method: string, path: string): Endpoint | undefined {
  const bare = path.split('?')[0];
  return ENDPOINTS.find((e) => e.method === method.toUpperCase() && matches(e.path, bare));
}
