// Types for the undici modules that src/api/undici.ts imports directly (undici publishes no exports map,
// and these are the files its own index.js assembles).
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import { EnvHttpProxyAgent } from 'undici';
  export default EnvHttpProxyAgent;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  import { Dispatcher } from 'undici';
  export default Dispatcher;
}
declare module 'undici/lib/api/api-request.js' {
  import { Dispatcher } from 'undici';
  const request: Dispatcher['request'];
  export default request;
}
declare module 'undici/lib/api/api-connect.js' {
  import { Dispatcher } from 'undici';
  const connect: Dispatcher['connect'];
  export default connect;
}
declare module 'undici/lib/core/connect.js' {
  import { buildConnector } from 'undici';
  export default buildConnector;
}
