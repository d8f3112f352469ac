import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { getLanding } from './landing.service.ts';
import { faqs, pageByUniqueId, pageLinks } from './public-content.service.ts';

/** Public pages, FAQs and the landing: no sign-in needed (footer, /page/{id}, landing). */
export const publicContentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...contractRoute(routes.pagesList),
    config: { auth: 'public' },
    handler: async (request) => ok(request.query.unique_id ? await pageByUniqueId(ctx.db, request.query.unique_id) : await pageLinks(ctx.db)),
  });

  app.route({ ...contractRoute(routes.faqsList), config: { auth: 'public' }, handler: async () => ok({ data: await faqs(ctx.db) }) });

  // The media URLs in the landing expire, so browsers keep it briefly.
  app.route({
    ...contractRoute(routes.landing),
    config: { auth: 'public' },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(await getLanding(ctx));
    },
  });
};
