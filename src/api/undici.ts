// The part of undici the client uses: an Agent (connection pool) and the `request` API. undici's index
// loads everything it has (fetch, WebSocket, caches, mocks), which doubles the cost of a one-shot command;
// this module assembles only Agent + the request API, exactly as undici's own index.js does.
import Agent from 'undici/lib/dispatcher/agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import api from 'undici/lib/api/index.js';

Object.assign(Dispatcher.prototype, api);

export { Agent };

/** Proxy support (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), loaded only when one of them is set. */
export async function envProxyAgent(env: Record<string, string | undefined>) {
  const { default: EnvHttpProxyAgent } = await import('undici/lib/dispatcher/env-http-proxy-agent.js');
  // From the environment voicectl was given (the same as process.env when run from a shell).
  return new EnvHttpProxyAgent({
    httpProxy: env.HTTP_PROXY ?? env.http_proxy,
    httpsProxy: env.HTTPS_PROXY ?? env.https_proxy,
    noProxy: env.NO_PROXY ?? env.no_proxy,
  });
}
