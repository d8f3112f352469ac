import { type ErrorCode, errorCodeOfStatus } from '@mm/contract';

/**
 * Typed errors. Services throw these; one handler (lib/envelope.ts) turns them
 * into the spec's failure envelope with a truthful HTTP status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  /** A line worth an operator's look, written with the request's own logger (so it carries the request's id) when the refusal is answered. */
  readonly warning: { fields: Record<string, unknown>; message: string } | undefined;

  constructor(
    readonly status: number,
    message: string,
    {
      code = errorCodeOfStatus(status),
      headers = {},
      warning,
    }: { code?: ErrorCode; headers?: Record<string, string>; warning?: { fields: Record<string, unknown>; message: string } } = {},
  ) {
    super(message);
    this.code = code;
    this.headers = headers;
    this.warning = warning;
  }
}

export const badRequest = (message: string, code?: ErrorCode) => new AppError(400, message, { code });
export const unauthorized = (message = 'Your session has expired. Please sign in again.') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do this.', code?: ErrorCode) => new AppError(403, message, { code });
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number, warning?: AppError['warning']) =>
  new AppError(429, message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) }, warning });

/** A team id from another organization, or none at all, answers as if it did not exist. */
export const NO_SUCH_TEAM = 'No such team in your organization.';

export const GUEST_READ_ONLY = 'The guest account is read-only. Sign up to use this feature.';
