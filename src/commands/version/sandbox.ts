// Whether a sandbox is running, for `voicectl version`. Today --sandbox starts the sandbox inside each command and
// stops it when the command ends, and `voicectl sandbox` (foreground) leaves no trace another process can read:
// no background sandbox can be running. When the sandbox becomes a background service, this function is the one
// place that learns to find it (its pid or URL in the config dir).

export interface SandboxStatus {
  /** true or false when known; null when it cannot be told. */
  running: boolean | null;
  /** Where it answers, when running. */
  url: string | null;
  /** One line for people. */
  note: string;
}

export async function sandboxStatus(_configDir: string): Promise<SandboxStatus> {
  return {
    running: false,
    url: null,
    note: 'no background sandbox (--sandbox runs one inside each command)',
  };
}
