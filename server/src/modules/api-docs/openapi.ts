import fastifySwagger from '@fastify/swagger';
import { ERROR_CODES, type RouteDefinition, routes } from '@mm/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { RouteDoc } from '../../lib/route-doc.ts';

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

/** The contract's calls by "METHOD /api/path" (the URL Fastify registers them under), with their names. */
const contractCalls = new Map(
  Object.entries(routes as Record<string, RouteDefinition>).map(([name, route]) => [`${route.method} ${route.path}`, { name, route }]),
);

const FILE_NAMES: Record<string, string> = { 'application/pdf': 'PDF', 'text/csv': 'CSV' };

/** A contract call's name, summary, tag and, for a download or a redirect, its success (a JSON answer's comes from its schema). */
function contractDoc(name: string, route: RouteDefinition): { operationId: string; summary: string; tags: string[]; responses: Record<number, unknown> } {
  const responses: Record<number, unknown> = {};
  if (route.answer === 'file') {
    responses[200] = {
      description: `The file (${route.files.map((type) => FILE_NAMES[type] ?? type).join(' or ')}), as an attachment.`,
      content: Object.fromEntries(route.files.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    };
  } else if (route.answer === 'redirect') {
    responses[route.status] = { description: 'A redirect to the web page.', type: 'null', headers: { location: { type: 'string', description: 'The page.' } } };
  }
  return { operationId: name, summary: route.summary, tags: route.tag ? [route.tag] : [], responses };
}

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
      const config = (input.route?.config ?? {}) as { auth?: string; openapi?: RouteDoc };
      const isApi = input.url.startsWith('/api/');
      const schema = (output.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown> };
      if (schema.hide) return output;
      // Its name, summary and tag: from the contract's table for an API call, from `config.openapi` for the others.
      const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
      const call = contractCalls.get(`${method} ${input.url}`);
      const doc = call ? contractDoc(call.name, call.route) : config.openapi;
      if (doc) Object.assign(schema, { operationId: doc.operationId, summary: doc.summary, tags: doc.tags });
      schema.response = { ...(schema.response ?? {}), ...doc?.responses, default: failureSchema };
      // Outside /api, access is carried by the URL itself (signed media, checkout references).
      if (!isApi || config.auth === 'public') schema.security = [];
      return { ...output, schema };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

const METHOD_ORDER = ['get', 'head', 'post', 'put', 'patch', 'delete'];

type Operation = { operationId?: string; responses?: Record<string, unknown> };
type Document = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

/** What every operation answers on failure, written once in the document's components. */
const FAILURE_REF = { $ref: '#/components/responses/failure' };

/**
 * The document as served and committed (docs/openapi.json): paths sorted, each path's methods in a fixed order, so
 * the order routes are registered in never shows as a change; the failure envelope every operation shares written
 * once (`components.responses.failure`). A HEAD registered with its GET (the media files) shares the GET's schema, so
 * it takes the GET's operationId with "Head" after it, keeping operationIds unique.
 */
export function orderedDocument<D extends Document>(document: D): D {
  let failure: unknown;
  const paths = Object.entries(document.paths ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, item]) => {
      const operations = Object.entries(item)
        .sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b))
        .map(([method, op]): [string, Operation] => {
          const get = item.get?.operationId;
          const operationId = method === 'head' && get && op.operationId === get ? `${get}Head` : op.operationId;
          failure ??= op.responses?.default;
          // Only the shared envelope is replaced: a route answering another failure keeps its own.
          const shared = op.responses?.default !== undefined && JSON.stringify(op.responses.default) === JSON.stringify(failure);
          const responses = op.responses && { ...op.responses, ...(shared && { default: FAILURE_REF }) };
          return [method, { ...op, ...(operationId && { operationId }), ...(responses && { responses }) }];
        });
      return [path, Object.fromEntries(operations)];
    });
  const components = { ...document.components, ...(failure !== undefined && { responses: { failure } }) };
  return { ...document, paths: Object.fromEntries(paths), components };
}
