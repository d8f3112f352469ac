import fastifySwagger from '@fastify/swagger';
import { ERROR_CODES } from '@mm/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Every failure, whatever the call: the spec's envelope with the symbolic `code` (contract/src/envelope.ts). */
const failureSchema = {
  description: 'Failure: `error_code` is the HTTP status, `code` says what went wrong for programs.',
  type: 'object',
  required: ['success', 'error_messages', 'error_code', 'code'],
  properties: {
    success: { type: 'boolean', const: false },
    error_messages: { type: 'string' },
    error_code: { type: 'integer' },
    code: { type: 'string', enum: [...ERROR_CODES] },
  },
} as const;

/**
 * The OpenAPI 3.1 document of every route the server registers, generated from the same zod schemas that
 * validate the requests and shape the answers (so it cannot drift from them). Register before the routes:
 * it collects them as they are added. Public routes declare no security; the others take the session token.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Manufacturing Masters API',
        version,
        description:
          'Every answer is `{ success: true, message?, data }` or the failure envelope. Bodies may be JSON or forms. ' +
          'Sign in with POST /api/v4/login and send its token as `Authorization: Bearer <token>`.',
      },
      components: { securitySchemes: { session: { type: 'http', scheme: 'bearer', description: 'The token answered by /api/v4/login.' } } },
      security: [{ session: [] }],
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const config = (input.route?.config ?? {}) as { auth?: string };
      const isApi = input.url.startsWith('/api/');
      // A route without a schema (a page, a redirect) is documented by its path and method alone.
      const schema = (output.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown> };
      if (schema.hide) return output;
      schema.response = { ...(schema.response ?? {}), default: failureSchema };
      // Outside /api, access is carried by the URL itself (signed media, checkout references).
      if (!isApi || config.auth === 'public') schema.security = [];
      return { ...output, schema };
    },
    transformObject: jsonSchemaTransformObject,
  });
}
