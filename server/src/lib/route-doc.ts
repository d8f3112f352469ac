/**
 * How the API document (modules/api-docs/openapi.ts) describes a route outside the contract's table (a page, the media
 * files, the health check): the contract's calls carry their name, summary and domain themselves, these routes carry
 * them in `config.openapi`. `responses` are the successes (status: OpenAPI response object); failures are added for all.
 */
export type RouteDoc = {
  /** Unique in the document, camelCase. */
  operationId: string;
  /** One line: what the route does or answers. */
  summary: string;
  tags: [string];
  responses: Record<number, ResponseDoc>;
};

type ResponseDoc = {
  description: string;
  content?: Record<string, { schema: Record<string, unknown> }>;
  headers?: Record<string, { type: string; description?: string }>;
  /** 'null' for a response without a body (a redirect, a HEAD). */
  type?: 'null';
};

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteDoc;
  }
}

/** An HTML page for people (not the API's envelope). */
export const htmlPage = (description: string): ResponseDoc => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

/** A redirect (303: the browser follows with a GET). */
export const seeOther = (description: string): ResponseDoc => ({
  description,
  type: 'null',
  headers: { location: { type: 'string', description: 'Where the browser goes next.' } },
});

/** A JSON answer in the success envelope (`{ success: true, data }`), `data` as the schema says. */
export const envelopeAnswer = (description: string, data: Record<string, unknown>): ResponseDoc => ({
  description,
  content: {
    'application/json': {
      schema: { type: 'object', required: ['success', 'data'], properties: { success: { type: 'boolean', const: true }, data } },
    },
  },
});
