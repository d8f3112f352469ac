import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { viewerOf } from '../videos/index.ts';
import {
  categoryDetails,
  categoryVideos,
  contactExpert,
  expertDetail,
  experts,
  homeSections,
  seeAll,
  subCategoryVideos,
  watchedInSubCategory,
} from './browse.service.ts';

// POST calls that only read: open to the read-only guest.
const read = { guestWrites: true };

export const browseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const viewer = (request: Parameters<typeof callerOf>[0]) => viewerOf(ctx, callerOf(request));

  app.route({
    ...contractRoute(routes.homeFirstSection),
    config: read,
    handler: async (request) => ok(await homeSections(ctx, await viewer(request), 'in_test', request.body.category_id)),
  });

  app.route({
    ...contractRoute(routes.homeSecondSection),
    config: read,
    handler: async (request) => ok(await homeSections(ctx, await viewer(request), 'in_production', request.body.category_id)),
  });

  app.route({
    ...contractRoute(routes.getCategoryId),
    config: read,
    handler: async (request) => ok(await categoryDetails(ctx, callerOf(request), request.body.category_id)),
  });

  app.route({
    ...contractRoute(routes.categoryVideos),
    config: read,
    handler: async (request) => ok(await categoryVideos(ctx, await viewer(request), request.body.category_id)),
  });

  // The administration spec (section 7) names the same listing subCategoriesVideos.
  for (const route of [routes.subCategoriesVideos, routes.subCategoriesVideosByAdminName]) {
    app.route({ ...contractRoute(route), config: read, handler: async (request) => ok(await subCategoryVideos(ctx, await viewer(request), request.body)) });
  }

  app.route({ ...contractRoute(routes.seeAll), config: read, handler: async (request) => ok(await seeAll(ctx, await viewer(request), request.body)) });

  app.route({
    ...contractRoute(routes.getWatchUserVideo),
    handler: async (request) => ok(await watchedInSubCategory(ctx, callerOf(request), request.query.SubCategoryId)),
  });

  app.route({ ...contractRoute(routes.experts), handler: async () => ok(await experts(ctx)) });

  app.route({ ...contractRoute(routes.expert), handler: async (request) => ok(await expertDetail(ctx, await viewer(request), request.params.cast_crew_id)) });

  app.route({
    ...contractRoute(routes.contactExpert),
    handler: async (request, reply) => {
      const message = await contactExpert(ctx, await viewer(request), request.params.cast_crew_id, request.body);
      return reply.status(201).send(ok(null, message));
    },
  });
};
