// The part of undici the client uses: an Agent (connection pool) and the `request` API. undici's index
// loads everything it has (fetch, WebSocket, caches, mocks), which doubles the cost of a one-shot command;
// this module assembles only Agent + the request API, exactly as undici's own index.js does.
import Agent from 'undici/lib/dispatcher/agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import api from 'undici/lib/api/index.js';

Object.assign(Dispatcher.prototype, api);

export { Agent };

/** Proxy support (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), loaded only when one of them is set. */
export async function envProxyAgent(proxy: { httpProxy?: string; httpsProxy?: string; noProxy?: string }) {
  const { default: EnvHttpProxyAgent } = await import('undici/lib/dispatcher/env-http-proxy-agent.js');
  // From the environment voicectl was given (the same as process.env when run from a shell), read by client.ts.
  return new EnvHttpProxyAgent(proxy);
}
