// When colors and spinners are allowed: only on a terminal, never with NO_COLOR or CI=true.
import { describe, expect, it } from 'vitest';
import { ApiError, ExitCode, exitCodeForStatus } from '../../src/errors.js';
import { colorAllowed } from '../../src/io/streams.js';

describe('colors', () => {
  it('only on a terminal', () => {
    expect(colorAllowed({}, true)).toBe(true);
    expect(colorAllowed({}, false)).toBe(false);
  });
  it('never with NO_COLOR or CI=true', () => {
    expect(colorAllowed({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colorAllowed({ CI: 'true' }, true)).toBe(false);
    expect(colorAllowed({ NO_COLOR: '' }, true)).toBe(true);
  });
});

describe('exit codes of HTTP statuses', () => {
  it.each([
    [401, 'GET', false, ExitCode.auth],
    [403, 'POST', false, ExitCode.auth],
    [404, 'GET', false, ExitCode.notFound],
    [503, 'POST', false, ExitCode.unavailable],
    [503, 'GET', true, ExitCode.unavailable],
    [500, 'GET', false, ExitCode.error],
    [400, 'POST', false, ExitCode.error],
    [409, 'POST', false, ExitCode.error],
  ])('%i on %s (retries used up: %s) exits %i', (status, method, exhausted, code) => {
    expect(exitCodeForStatus(status)).toBe(code);
    expect(new ApiError({ status, method, path: '/v1/x', message: 'm', retriesExhausted: exhausted }).exitCode).toBe(
      code,
    );
  });
});
