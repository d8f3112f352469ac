/** Every API answer is one of these two shapes (design.md, "API conventions"). */
export type Success<T> = { success: true; message?: string; data: T };

/**
 * What went wrong, for code to branch on (the message is for people and may be reworded). Most failures
 * carry the code of their HTTP status; the few the web treats specially have their own.
 */
export const ERROR_CODES = [
  'invalid_input',
  'session_ended',
  'forbidden',
  'not_found',
  'conflict',
  'gone',
  'too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'unavailable',
  'guest_read_only',
  'kiosk_refused',
  'category_locked',
  'email_not_confirmed',
  'no_plan',
  'payment_session_missing',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code a failure carries when nothing more precise was given. */
export function errorCodeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'invalid_input';
    case 401:
      return 'session_ended';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 410:
      return 'gone';
    case 413:
      return 'too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'internal' : 'invalid_input';
  }
}

/** `error_code` is the HTTP status (the spec's field); `code` the symbolic one. */
export type Failure = { success: false; error_messages: string; error_code: number; code: ErrorCode };
export type Envelope<T> = Success<T> | Failure;
