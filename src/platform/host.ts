// What a platform function needs to know about the machine, passed in (never read from process globals below
// bin/), so that tests on Linux can ask what Windows or macOS would do.

export type Env = Record<string, string | undefined>;

export interface Host {
  platform: NodeJS.Platform;
  env: Env;
}

/** The machine this process runs on. */
export function thisHost(env: Env = process.env): Host {
  return { platform: process.platform, env };
}

/**
 * An environment variable as the platform reads it: on Windows names are case-insensitive (`Path` is PATH), and a
 * copy of the environment (a plain object) no longer knows that.
 */
export function envVar(host: Host, name: string): string | undefined {
  if (host.env[name] !== undefined || host.platform !== 'win32') return host.env[name];
  const upper = name.toUpperCase();
  for (const [k, v] of Object.entries(host.env)) if (v !== undefined && k.toUpperCase() === upper) return v;
  return undefined;
}
