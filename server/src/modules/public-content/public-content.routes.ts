import { faqList, page, pageLink, pageQuery } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { envelope, ok } from '../../lib/reply.ts';
import { faqs, pageByUniqueId, pageLinks } from './public-content.service.ts';

/** Public pages and FAQs: no sign-in needed (footer, /page/{id}, landing). */
export const publicContentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/pages/list',
    { config: { auth: 'public' }, schema: { querystring: pageQuery, response: { 200: envelope(z.union([page, z.array(pageLink)])) } } },
    async (request) => ok(request.query.unique_id ? await pageByUniqueId(ctx.db, request.query.unique_id) : await pageLinks(ctx.db)),
  );

  app.get('/faqs/list', { config: { auth: 'public' }, schema: { response: { 200: envelope(faqList) } } }, async () => ok({ data: await faqs(ctx.db) }));
};
