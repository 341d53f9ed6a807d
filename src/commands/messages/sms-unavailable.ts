// The 503 of SMS sending, said the same by `messages send-sms` and the MCP tool.
import { ApiError } from '../../errors.js';

/**
 * The 503 of POST /v1/messages/sms explained: announced, not yet available (reference 4.9). `history` says where
 * the message history is, in the caller's words (a command on the CLI, a tool on MCP).
 */
export function smsUnavailable(err: ApiError, history: string): ApiError {
  return new ApiError(
    {
      status: err.status,
      code: err.apiCode,
      message: 'SMS sending is announced by the API but not yet available: the service answered 503 and sent nothing',
      requestId: err.requestId,
      method: err.method,
      path: err.path,
    },
    [
      ...(err.message && !/^HTTP 503$|not (yet )?(available|implemented)/i.test(err.message)
        ? [`The service said: ${err.message}`]
        : []),
      'No message was sent. Try again when the service announces SMS sending; this command needs no update for it.',
      `Message history is available now: ${history}`,
    ],
  );
}
