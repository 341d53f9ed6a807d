// What this machine can do, for the tests that need it: a test of a POSIX fact is guarded by the fact itself (is
// there a /dev/full? are modes enforced?), never by skipping a whole file or naming an OS, so that macOS and Windows
// run every test whose fact they have, and a skip says what was missing.
import { existsSync } from 'node:fs';

/** A device whose every write fails with ENOSPC (Linux; macOS and Windows have none). */
export const HAS_DEV_FULL = existsSync('/dev/full');

/**
 * Whether a signal sent to a child reaches its handlers. On Windows, kill('SIGINT'), 'SIGTERM' and 'SIGHUP' end
 * the child at once (TerminateProcess): nothing it does on Ctrl-C can run, so those tests say nothing there.
 */
export const SIGNALS_DELIVERED = process.platform !== 'win32';
