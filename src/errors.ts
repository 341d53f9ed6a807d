// Typed errors: commands throw these, and src/cli.ts turns them into one exit code and one message.
// Exit codes are defined here and nowhere else (README "Exit codes" mirrors this table).
export const ExitCode = {
  ok: 0,
  error: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  jobFailed: 5,
  timedOut: 6,
  unavailable: 7,
  /** `campaigns start` on a campaign already started (running or finished): nothing changed. */
  alreadyStarted: 8,
  /** `campaigns create --if-absent`: a campaign of that name exists but differs from this one; nothing sent. */
  existsDifferent: 9,
  /** `campaigns wait`/`show --watch` with --exit-status: a campaign finished with contacts not reached. */
  notReached: 10,
  interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** What each exit code means, in a few words: the root help lists them from here (docs/exit-codes.md says more). */
export const EXIT_CODE_HELP: Record<keyof typeof ExitCode, string> = {
  ok: 'ok',
  error: 'API/network error',
  usage: 'bad input',
  auth: 'auth',
  notFound: 'not found',
  jobFailed: 'job failed',
  timedOut: 'wait timed out',
  unavailable: 'unavailable',
  alreadyStarted: 'campaign already started',
  existsDifferent: 'campaign exists and differs',
  notReached: 'contacts not reached (--exit-status)',
  interrupted: 'interrupted',
};

export class CliError extends Error {
  readonly exitCode: ExitCode = ExitCode.error;
  /** Extra lines printed after the message (details, next steps). */
  hints: string[] = [];
  /** Machine-readable code for the --json error object. */
  code = 'error';
  /** The response that caused the error (its status and requestId go into the --json error object). */
  response?: { status: number; requestId?: string };
  constructor(
    message: string,
    opts: { hints?: string[]; cause?: unknown; response?: { status: number; requestId?: string } } = {},
  ) {
    super(message, { cause: opts.cause });
    this.hints = opts.hints ?? [];
    this.response = opts.response;
  }
}

/** Invalid usage or input rejected before any request was sent. */
export class UsageError extends CliError {
  override readonly exitCode = ExitCode.usage;
  override code = 'usage_error';
}

/** Missing credentials or configuration (no key, no base URL). */
export class AuthConfigError extends CliError {
  override readonly exitCode = ExitCode.auth;
  override code = 'auth_required';
}

export class NetworkError extends CliError {
  override code = 'network_error';
  /** What went wrong, without the request it happened to ("could not connect to host:port ..."). */
  reason?: string;
}

/**
 * With --sandbox, a refused connection: the background sandbox is gone (`voicectl sandbox stop`, its idle stop,
 * killed). Not a passing network error: waits stop at once rather than polling a dead port to their timeout.
 */
export class SandboxStoppedError extends CliError {
  override code = 'sandbox_stopped';
}

export class JobFailedError extends CliError {
  override readonly exitCode = ExitCode.jobFailed;
  override code = 'job_failed';
}

export class WaitTimeoutError extends CliError {
  override readonly exitCode = ExitCode.timedOut;
  override code = 'wait_timeout';
}

/** The campaign was started before (the API answered 409 to start): the state asked for is already there. */
export class AlreadyStartedError extends CliError {
  override readonly exitCode = ExitCode.alreadyStarted;
  override code = 'already_started';
}

/** --if-absent found a campaign of the same name that differs from the one about to be sent. */
export class ExistsDifferentError extends CliError {
  override readonly exitCode = ExitCode.existsDifferent;
  override code = 'exists_different';
}

/** --exit-status: the campaign finished, and some of its contacts were never reached (out of attempts). */
export class NotReachedError extends CliError {
  override readonly exitCode = ExitCode.notReached;
  override code = 'not_reached';
}

export class InterruptedError extends CliError {
  override readonly exitCode = ExitCode.interrupted;
  override code = 'interrupted';
}

/**
 * "No" (or Enter, the default) at a confirmation: the user stopped the command as Ctrl-C would, so exit 130;
 * the message is printed as it is ("Nothing was sent."), since nothing was interrupted.
 */
export class DeclinedError extends InterruptedError {
  override code = 'declined';
}

export interface ApiErrorInit {
  status: number;
  code?: string;
  message: string;
  requestId?: string;
  method: string;
  path: string;
  /** True when the request is a GET whose retries were used up. */
  retriesExhausted?: boolean;
}

/** The API answered with a non-2xx status. */
export class ApiError extends CliError {
  readonly status: number;
  readonly apiCode?: string;
  readonly requestId?: string;
  readonly method: string;
  readonly path: string;
  override readonly exitCode: ExitCode;
  constructor(init: ApiErrorInit, hints: string[] = []) {
    super(init.message, { hints, response: { status: init.status, requestId: init.requestId } });
    this.status = init.status;
    this.apiCode = init.code;
    this.code = init.code ?? `http_${init.status}`;
    this.requestId = init.requestId;
    this.method = init.method;
    this.path = init.path;
    this.exitCode = exitCodeForStatus(init.status);
  }
}

/** A 404 for one resource by id gets where to find the ones that exist (`voicectl tts list`). */
export async function hintIfNotFound<T>(work: Promise<T>, hint: string): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) err.hints.push(hint);
    throw err;
  }
}

export function exitCodeForStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 404) return ExitCode.notFound;
  // 503 is "not available", whatever the request: a feature announced but not open yet (SMS sending), or the
  // service down for a while (a GET has retried first). Scripts test one code for one status.
  if (status === 503) return ExitCode.unavailable;
  return ExitCode.error;
}

/** The generation is not completed yet, so it has no audio to download (`tts download` without --wait). */
export class NotReadyError extends CliError {
  override code = 'not_ready';
}

/** A download larger than any audio can be: stopped, nothing kept. */
export class AudioTooLargeError extends CliError {
  override code = 'audio_too_large';
}

/**
 * The system refused a file or directory (a full disk, no permission, a temp or config directory that does not
 * exist): the environment's problem, not voicectl's, so reported as what it is (src/io/system-error.ts).
 */
export class FileSystemError extends CliError {
  override code = 'file_error';
}

/**
 * `auth status` could not tell whether the key has some scope: the service answered neither yes nor no (a redirect,
 * a 5xx, a 429, no answer). Exit 7, as for a service that is down.
 */
export class ScopesUnknownError extends CliError {
  override readonly exitCode = ExitCode.unavailable;
  override code = 'scopes_unknown';
}

/** The response could not be understood (not JSON, or not the documented shape). */
export class MalformedResponseError extends CliError {
  override code = 'malformed_response';
}
