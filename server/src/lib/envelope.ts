import { type ErrorCode, errorCodeOfStatus, type Failure } from '@mm/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { uniqueViolationOf } from '../db/unique-violation.ts';
import { AppError } from './errors.ts';
import { translateMessage } from './i18n.ts';

/** The one place that maps every error to `{ success: false, error_messages, error_code, code }`. */
export function registerErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.warning) request.log.warn(error.warning.fields, error.warning.message);
      return reply
        .status(error.status)
        .headers(error.headers)
        .send(failure(error.status, translateMessage(error.message, request.locale), error.code));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Name every wrong field, each with its own message.
      const messages = error.validation.map((v) => {
        const field = String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replace(/\//g, '.');
        const message = translateMessage(v.message ?? 'is invalid', request.locale);
        return field ? `${field}: ${message}` : message;
      });
      return reply.status(400).send(failure(400, messages.join('; ')));
    }
    const collision = uniqueViolationOf(error);
    if (collision) {
      // A parallel request wrote the same row first (the check before the write saw neither).
      // users' other unique rule is (organization_id, employee_number): named by its first column.
      const message =
        collision.table === 'users' && collision.column === 'email'
          ? 'The email has already been taken.'
          : collision.table === 'users' && collision.column.startsWith('organization_id')
            ? 'This employee number is already used in your organization.'
            : 'This was saved a moment ago by another request: it already exists.';
      return reply.status(409).send(failure(409, translateMessage(message, request.locale)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(failure(status, translateMessage(clientMessage(error), request.locale)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure(500, translateMessage('Something went wrong on our side. Please try again.', request.locale)));
  });
}

export function failure(status: number, message: string, code: ErrorCode = errorCodeOfStatus(status)): Failure {
  return { success: false, error_messages: message, error_code: status, code };
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type. Send JSON or a form.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    default:
      return error.message;
  }
}
