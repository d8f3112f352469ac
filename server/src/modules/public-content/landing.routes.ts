import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { getLanding } from './landing.service.ts';

export const landingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Public; the media URLs in it expire, so browsers keep it briefly.
  app.route({
    ...contractRoute(routes.landing),
    config: { auth: 'public' },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(await getLanding(ctx));
    },
  });
};
