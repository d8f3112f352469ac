import type { FastifyPluginAsync } from 'fastify';
import { apiReferencePage, type OpenApiDocument } from './api-reference.page.ts';

/** `GET /api/openapi.json` (the OpenAPI 3.1 document) and `GET /api/docs` (the same, for people). Public. */
export const apiDocsRoutes: FastifyPluginAsync<{ document: () => unknown }> = async (app, { document }) => {
  let page: string | undefined;
  app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return document();
  });
  app.get('/docs', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    page ??= apiReferencePage(document() as OpenApiDocument);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(page);
  });
};
