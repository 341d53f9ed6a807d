import envPaths from 'env-paths';

/** Where profiles and the sandbox's state live: VOICECTL_CONFIG_DIR, else the user's config dir (XDG) + voicectl/. */
export function configDir(env: Record<string, string | undefined>): string {
  return env.VOICECTL_CONFIG_DIR || envPaths('voicectl', { suffix: '' }).config;
}
