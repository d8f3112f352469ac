import {
  bannerData,
  bannerSavedData,
  catalogTreeData,
  editHiddenVideosRequest,
  essentialCategoriesRequest,
  hiddenVideosData,
  hiddenVideosQuery,
  MAX_BANNER_BYTES,
  ORGANIZATION_MESSAGES,
  orderCategoriesRequest,
  organizationEditRequest,
  pathCategoriesData,
  pathCategoriesQuery,
  teamEssentialRequest,
} from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { envelope, idParam, ok } from '../../lib/reply.ts';
import { readUpload } from '../../lib/upload.ts';
import { getBanner, saveBanner } from './banner.service.ts';
import {
  editHiddenVideos,
  entriesFromLists,
  getCatalogTree,
  getHiddenVideos,
  getPathCategories,
  saveEssentialFlags,
  savePath,
} from './learning-path.service.ts';
import { orgUsersRoutes } from './org-users.routes.ts';
import { teamsRoutes } from './teams.routes.ts';
import { saveTeamPath } from './teams.service.ts';

const orgParams = z.object({ orgId: idParam });
const categoryParams = z.object({ orgId: idParam, categoryId: idParam });
const saved = { 201: envelope(z.null()) };

/** Organization administration: banner and learning paths here; teams and users in their own route files. */
export const organizationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(teamsRoutes, { ctx });
  await app.register(orgUsersRoutes, { ctx });

  app.get(
    '/get_banner_organization/:organizationId',
    // The member home shows the banner, on a shared kiosk too.
    { config: { kiosk: 'open' }, schema: { params: z.object({ organizationId: idParam }), response: { 200: envelope(bannerData) } } },
    async (request) => ok(await getBanner(ctx, callerOf(request), request.params.organizationId)),
  );

  app.post('/organization/edit/banner/:orgId', { schema: { params: orgParams, response: { 201: envelope(bannerSavedData) } } }, async (request, reply) => {
    const buffer = await readUpload(request, 'banner_file', MAX_BANNER_BYTES, 'banner_file: may be at most 5 MB');
    const bannerUrl = await saveBanner(ctx, callerOf(request), request.params.orgId, buffer);
    return reply.status(201).send(ok({ banner_url: bannerUrl }, ORGANIZATION_MESSAGES.organizationUpdated));
  });

  app.post('/organization/edit/:orgId', { schema: { params: orgParams, body: organizationEditRequest, response: saved } }, async (request, reply) => {
    const { categories, essential_categories } = request.body;
    await savePath(ctx, callerOf(request), request.params.orgId, null, entriesFromLists(categories, essential_categories));
    return reply.status(201).send(ok(null, ORGANIZATION_MESSAGES.pathSaved));
  });

  app.post(
    '/organization/edit/essential-category/:orgId',
    { schema: { params: orgParams, body: essentialCategoriesRequest, response: saved } },
    async (request, reply) => {
      await saveEssentialFlags(ctx, callerOf(request), request.params.orgId, request.body.categories);
      return reply.status(201).send(ok(null, ORGANIZATION_MESSAGES.pathSaved));
    },
  );

  app.post(
    '/organization/edit/order-categories/:orgId',
    { schema: { params: orgParams, body: orderCategoriesRequest, response: saved } },
    async (request, reply) => {
      await savePath(ctx, callerOf(request), request.params.orgId, request.body.team_id ?? null, request.body.categories);
      return reply.status(201).send(ok(null, ORGANIZATION_MESSAGES.pathSaved));
    },
  );

  app.post(
    '/organization/teams/essential-category/:orgId',
    { schema: { params: orgParams, body: teamEssentialRequest, response: saved } },
    async (request, reply) => {
      await saveTeamPath(ctx, callerOf(request), request.params.orgId, request.body);
      return reply.status(201).send(ok(null, ORGANIZATION_MESSAGES.pathSaved));
    },
  );

  app.get(
    '/get_all_organization_categories_learning_path/:orgId',
    { schema: { params: orgParams, querystring: pathCategoriesQuery, response: { 200: envelope(pathCategoriesData) } } },
    async (request) => ok(await getPathCategories(ctx, callerOf(request), request.params.orgId, request.query.team_id ?? null)),
  );

  app.get('/organization/:orgId/categories', { schema: { params: orgParams, response: { 200: envelope(catalogTreeData) } } }, async (request) =>
    ok(await getCatalogTree(ctx, callerOf(request), request.params.orgId)),
  );

  app.get(
    '/get_hidden_videos/:orgId/:categoryId',
    { schema: { params: categoryParams, querystring: hiddenVideosQuery, response: { 200: envelope(hiddenVideosData) } } },
    async (request) => ok(await getHiddenVideos(ctx, callerOf(request), request.params.orgId, request.params.categoryId, request.query.teamId ?? null)),
  );

  // The trailing segment is fixed by the spec's client (always 0).
  app.post(
    '/edit_hidden_videos/:orgId/:categoryId/:flag',
    {
      schema: {
        params: categoryParams.extend({ flag: z.literal('0') }),
        body: editHiddenVideosRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { orgId, categoryId } = request.params;
      await editHiddenVideos(ctx, callerOf(request), orgId, categoryId, request.body.teamId ?? null, request.body.hidden_videos_ids);
      return ok(null, ORGANIZATION_MESSAGES.hiddenVideosSaved);
    },
  );
};
