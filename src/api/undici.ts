// What voicectl uses of undici, in one place, with a test (test/api/undici-adapter.test.ts) that fails when an undici
// release changes it: an Agent (connection pool) with its `request` method, and `connect`, with which the proxy agent
// opens its tunnel. undici's index loads everything it has (fetch, WebSocket, caches, mocks), which doubles the cost
// of a one-shot command; this module assembles only these, as undici's own index.js does (which also adds stream,
// pipeline and upgrade from lib/api/index.js: nothing here uses them).
import v8 from 'node:v8';
import Agent from 'undici/lib/dispatcher/agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import connect from 'undici/lib/api/api-connect.js';
import buildConnector from 'undici/lib/core/connect.js';
import request from 'undici/lib/api/api-request.js';

Object.assign(Dispatcher.prototype, { request, connect });

/**
 * The undici releases this was written for (its files under lib/ are not a public API): the test
 * (test/api/undici-adapter.test.ts) fails when package.json or node_modules leaves them.
 */
export const UNDICI_VERSIONS = '>=7.30.2 <8.0.0';

// undici parses HTTP with WebAssembly (llhttp), compiled on the first connection. By default V8 also compiles it
// with its optimising tier in the background, and the process waits for that work at exit, which a one-shot CLI
// never uses. Liftoff, the baseline tier, compiles it in a few ms and is fast enough for API responses. Measured
// for `tts get` (CPU, medians of 12 runs): 250 ms against 420 ms without it on Node 20, 172 ms against 206 ms
// (fastest runs) on Node 24. (--no-wasm-tier-up was tried and did not remove the wait on Node 20; --liftoff-only
// does.) Set here, where undici loads, rather than in bin/: loading node:v8 costs 7.5 M instructions on Node 24
// and 12 M on Node 20 (callgrind, `node -e "require('v8')"` against `node -e 0`), which a command that sends
// nothing (a dry run, completion, help on a terminal) need not pay.
v8.setFlagsFromString('--liftoff-only');

export { Agent };

/**
 * undici's own connector, with `prove` run on each new socket before undici sends anything on it: a socket that
 * fails it is closed and the request fails with its error (see ResolvedConfig.proveConnection).
 */
export function provingConnector(
  prove: (socket: import('node:net').Socket) => Promise<void>,
  options: { keepAlive?: boolean } = {},
): buildConnector.connector {
  const connect = buildConnector(options);
  return (options, callback) =>
    connect(options, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('no socket'), null);
      prove(socket as import('node:net').Socket).then(
        () => callback(null, socket),
        (e: Error) => {
          socket.destroy();
          callback(e, null);
        },
      );
    });
}

/** Proxy support (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), loaded only when one of them is set. */
export async function envProxyAgent(proxy: {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
  connect?: { keepAlive: false };
}) {
  const { default: EnvHttpProxyAgent } = await import('undici/lib/dispatcher/env-http-proxy-agent.js');
  // From the environment voicectl was given (the same as process.env when run from a shell), read by transport.ts.
  return new EnvHttpProxyAgent(proxy);
}
