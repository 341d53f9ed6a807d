// The background service's start: detached and hidden on every platform, with only the environment it needs, and
// on Windows what Windows itself needs to open a socket.
import { describe, expect, it } from 'vitest';
import { serviceEnv, serviceSpawnOptions } from '../../src/platform/spawn.js';

const CALLER = {
  PATH: '/usr/bin',
  HOME: '/home/jane',
  VOICECTL_API_KEY: 'vk_live_secret',
  HTTPS_PROXY: 'http://proxy:8080',
  SystemRoot: 'C:\\Windows',
};

describe('serviceEnv', () => {
  it('Linux: PATH, HOME, TZ and what the caller names; never a key or a proxy', () => {
    expect(
      serviceEnv({ platform: 'linux', env: { ...CALLER, VOICECTL_SANDBOX_IDLE: '5' } }, { X: '1' }, [
        'VOICECTL_SANDBOX_IDLE',
      ]),
    ).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/jane',
      VOICECTL_SANDBOX_IDLE: '5',
      X: '1',
    });
  });
  it('Windows: SystemRoot (Winsock needs it), the temp and profile folders, whatever case the names have', () => {
    const env = serviceEnv(
      {
        platform: 'win32',
        env: {
          ...CALLER,
          Path: 'C:\\Windows',
          PATH: undefined,
          TEMP: 'C:\\t',
          appdata: 'C:\\Users\\jane\\AppData\\Roaming',
        },
      },
      { VOICECTL_CONFIG_DIR: 'C:\\cfg' },
    );
    expect(env).toMatchObject({
      PATH: 'C:\\Windows',
      SystemRoot: 'C:\\Windows',
      TEMP: 'C:\\t',
      APPDATA: 'C:\\Users\\jane\\AppData\\Roaming',
      VOICECTL_CONFIG_DIR: 'C:\\cfg',
    });
    expect(Object.keys(env)).not.toContain('VOICECTL_API_KEY');
    expect(Object.keys(env)).not.toContain('HTTPS_PROXY');
  });
});

describe('serviceSpawnOptions', () => {
  it('detached, its console hidden on Windows, stdin and stdout nowhere, stderr to the log', () => {
    expect(serviceSpawnOptions({ A: '1' }, 7)).toEqual({
      detached: true,
      windowsHide: true,
      stdio: ['ignore', 'ignore', 7],
      env: { A: '1' },
    });
  });
});
