import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { listNotices, markNoticesRead } from './notices.service.ts';

/**
 * The signed-in member's in-app notices (left by the team dashboard's alerts and broadcasts).
 * Marking read is a write: closed to the read-only guest by the auth hook (no `guestWrites`).
 */
export const noticesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({
    ...contractRoute(routes.notices),
    handler: async (request, reply) => {
      // Per member and changing with every alert: never cached.
      reply.header('cache-control', 'private, no-store');
      return ok(await listNotices(ctx, callerOf(request)));
    },
  });

  app.route({ ...contractRoute(routes.noticesRead), handler: async (request) => ok(await markNoticesRead(ctx, callerOf(request), request.body.ids)) });
};
