// Notes on stderr and the secrets kept out of them: every line voicectl writes about a run goes through redact(),
// which knows the key and URL credentials from the environment at once, and a profile's once it is read.
import { redactor, urlSecrets } from '../api/redact.js';
import { terminalSafe } from './safe.js';
import type { IOStreams } from './streams.js';

export interface Log {
  /** Writes a line to stderr (warnings, notes), redacted and made safe for a terminal. */
  warn(line: string): void;
  /** Removes every secret voicectl knows of (the key, parts of it, URL credentials) from text about to be printed. */
  redact(text: string): string;
}

export interface SecretLog extends Log {
  /** Secrets learned later in the run (a profile's key, the credentials of a --base-url): redacted from then on. */
  learn(...secrets: (string | undefined)[]): void;
}

const PROXY_VARIABLES = ['VOICECTL_BASE_URL', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

/** `io`: where notes go (its err), and how they are wrapped on a terminal (its wrapNotes, read at each note). */
export function createLog(
  io: Pick<IOStreams, 'err' | 'wrapNotes'>,
  env: Record<string, string | undefined>,
): SecretLog {
  const secrets: (string | undefined)[] = [
    env.VOICECTL_API_KEY,
    ...PROXY_VARIABLES.flatMap((name) => urlSecrets(env[name])),
  ];
  let redactFn: ((s: string) => string) | undefined;
  const redact = (text: string) => (redactFn ??= redactor(secrets))(text);
  return {
    redact,
    warn: (line) => {
      const safe = terminalSafe(redact(line), { keepNewlines: true });
      io.err.write(`${io.wrapNotes ? io.wrapNotes(safe) : safe}\n`);
    },
    learn(...more) {
      secrets.push(...more);
      redactFn = undefined;
    },
  };
}
