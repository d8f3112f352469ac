import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { viewerOf } from '../videos/index.ts';
import { search } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({ ...contractRoute(routes.search), handler: async (request) => ok(await search(ctx, await viewerOf(ctx, callerOf(request)), request.query)) });
};
