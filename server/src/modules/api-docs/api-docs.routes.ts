import type { FastifyPluginAsync } from 'fastify';
import { apiReferencePage, type OpenApiDocument } from './api-reference.page.ts';
import { orderedDocument } from './openapi.ts';

/** `GET /api/openapi.json` (the OpenAPI 3.1 document) and `GET /api/docs` (the same, for people). Public. */
export const apiDocsRoutes: FastifyPluginAsync<{ document: () => unknown }> = async (app, { document }) => {
  let page: string | undefined;
  let ordered: OpenApiDocument | undefined;
  // Built once, on first request: every route is registered by then.
  const served = () => (ordered ??= orderedDocument(document() as OpenApiDocument));
  app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return served();
  });
  app.get('/docs', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    page ??= apiReferencePage(served());
    return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(page);
  });
};
