import { MAX_BANNER_BYTES, ORGANIZATION_MESSAGES, routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { readUpload } from '../../lib/upload.ts';
import { callerOf } from '../auth/index.ts';
import { getBanner, saveBanner } from './banner.service.ts';
import {
  editHiddenVideos,
  entriesFromLists,
  getCatalogTree,
  getHiddenVideos,
  getPathCategories,
  getPathLessons,
  saveEssentialFlags,
  savePath,
  savePathLessons,
} from './learning-path.service.ts';
import { orgUsersRoutes } from './org-users.routes.ts';
import { organizationCategories, teamSettings } from './path-settings.service.ts';
import { teamsRoutes } from './teams.routes.ts';
import { saveTeamPath } from './teams.service.ts';

/** Organization administration: banner and learning paths here; teams and users in their own route files. */
export const organizationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(teamsRoutes, { ctx });
  await app.register(orgUsersRoutes, { ctx });

  // The member home shows the banner, on a shared kiosk too.
  app.route({
    ...contractRoute(routes.getBannerOrganization),
    config: { kiosk: 'open' },
    handler: async (request) => ok(await getBanner(ctx, callerOf(request), request.params.organizationId)),
  });

  // The path a team follows: read by the category pickers and the team settings, on a shared kiosk too.
  app.route({
    ...contractRoute(routes.getAllOrganizationCategories),
    config: { kiosk: 'open' },
    handler: async (request) => ok(await organizationCategories(ctx, callerOf(request), request.params.organizationId, request.query.team_id)),
  });

  app.route({
    ...contractRoute(routes.organizationTeamsSettings),
    config: { kiosk: 'open' },
    handler: async (request) => ok(await teamSettings(ctx, callerOf(request), request.params.teamId)),
  });

  app.route({
    ...contractRoute(routes.organizationEditBanner),
    handler: async (request, reply) => {
      const buffer = await readUpload(request, 'banner_file', MAX_BANNER_BYTES, 'banner_file: may be at most 5 MB');
      const bannerUrl = await saveBanner(ctx, callerOf(request), request.params.orgId, buffer);
      return reply.status(201).send(ok({ banner_url: bannerUrl }, ORGANIZATION_MESSAGES.organizationUpdated));
    },
  });

  app.route({
    ...contractRoute(routes.organizationEdit),
    handler: async (request, reply) => {
      const { categories, essential_categories } = request.body;
      await savePath(ctx, callerOf(request), request.params.orgId, null, entriesFromLists(categories, essential_categories));
      return reply.status(201).send(ok(null, ORGANIZATION_MESSAGES.pathSaved));
    },
  });

  app.route({
    ...contractRoute(routes.organizationEditEssentialCategory),
    handler: async (request, reply) => {
      await saveEssentialFlags(ctx, callerOf(request), request.params.orgId, request.body.categories);
      return reply.status(201).send(ok(null, ORGANIZATION_MESSAGES.pathSaved));
    },
  });

  app.route({
    ...contractRoute(routes.organizationEditOrderCategories),
    handler: async (request, reply) => {
      await savePath(ctx, callerOf(request), request.params.orgId, request.body.team_id ?? null, request.body.categories);
      return reply.status(201).send(ok(null, ORGANIZATION_MESSAGES.pathSaved));
    },
  });

  app.route({
    ...contractRoute(routes.organizationTeamsEssentialCategory),
    handler: async (request, reply) => {
      await saveTeamPath(ctx, callerOf(request), request.params.orgId, request.body);
      return reply.status(201).send(ok(null, ORGANIZATION_MESSAGES.pathSaved));
    },
  });

  app.route({
    ...contractRoute(routes.getAllOrganizationCategoriesLearningPath),
    handler: async (request) => ok(await getPathCategories(ctx, callerOf(request), request.params.orgId, request.query.team_id ?? null)),
  });

  app.route({
    ...contractRoute(routes.pathLessons),
    handler: async (request) => ok(await getPathLessons(ctx, callerOf(request), request.params.orgId, request.query.team_id ?? null)),
  });

  app.route({
    ...contractRoute(routes.savePathLessons),
    handler: async (request) =>
      ok(await savePathLessons(ctx, callerOf(request), request.params.orgId, request.body.team_id ?? null, request.body.lesson_ids), 'The path is saved.'),
  });

  app.route({
    ...contractRoute(routes.organizationCategories),
    handler: async (request) => ok(await getCatalogTree(ctx, callerOf(request), request.params.orgId)),
  });

  app.route({
    ...contractRoute(routes.getHiddenVideos),
    handler: async (request) =>
      ok(await getHiddenVideos(ctx, callerOf(request), request.params.orgId, request.params.categoryId, request.query.teamId ?? null)),
  });

  // The trailing segment is fixed by the spec's client (always 0).
  app.route({
    ...contractRoute(routes.editHiddenVideos),
    handler: async (request) => {
      const { orgId, categoryId } = request.params;
      await editHiddenVideos(ctx, callerOf(request), orgId, categoryId, request.body.teamId ?? null, request.body.hidden_videos_ids);
      return ok(null, ORGANIZATION_MESSAGES.hiddenVideosSaved);
    },
  });
};
