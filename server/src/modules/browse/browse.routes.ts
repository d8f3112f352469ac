import {
  categoryData,
  categoryRequest,
  categoryVideosData,
  contactExpertRequest,
  expertDetailData,
  expertsData,
  homeSectionData,
  homeSectionRequest,
  organizationCategoriesData,
  organizationCategoriesQuery,
  seeAllData,
  seeAllRequest,
  subCategoryVideosData,
  subCategoryVideosRequest,
  teamSettingsData,
  watchedCountData,
  watchedCountQuery,
} from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { envelope, idParam, ok } from '../../lib/reply.ts';
import { viewerOf } from '../videos/playback-access.ts';
import {
  categoryDetails,
  categoryVideos,
  contactExpert,
  expertDetail,
  experts,
  homeSections,
  organizationCategories,
  seeAll,
  subCategoryVideos,
  teamSettings,
  watchedInSubCategory,
} from './browse.service.ts';

// POST calls that only read: open to the read-only guest.
const read = { guestWrites: true };
const expertParams = z.object({ cast_crew_id: idParam });

export const browseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const viewer = (request: Parameters<typeof callerOf>[0]) => viewerOf(ctx, callerOf(request));

  app.post('/home_first_section', { config: read, schema: { body: homeSectionRequest, response: { 200: envelope(homeSectionData) } } }, async (request) =>
    ok(await homeSections(ctx, await viewer(request), 'in_test', request.body.category_id)),
  );

  app.post('/home_second_section', { config: read, schema: { body: homeSectionRequest, response: { 200: envelope(homeSectionData) } } }, async (request) =>
    ok(await homeSections(ctx, await viewer(request), 'in_production', request.body.category_id)),
  );

  app.post('/get_category_id', { config: read, schema: { body: categoryRequest, response: { 200: envelope(categoryData) } } }, async (request) =>
    ok(await categoryDetails(ctx, callerOf(request), request.body.category_id)),
  );

  app.post('/categoryVideos', { config: read, schema: { body: categoryRequest, response: { 200: envelope(categoryVideosData) } } }, async (request) =>
    ok(await categoryVideos(ctx, await viewer(request), request.body.category_id)),
  );

  // The administration spec (section 7) names the same listing subCategoriesVideos.
  for (const url of ['/sub_categories_videos', '/subCategoriesVideos']) {
    app.post(url, { config: read, schema: { body: subCategoryVideosRequest, response: { 200: envelope(subCategoryVideosData) } } }, async (request) =>
      ok(await subCategoryVideos(ctx, await viewer(request), request.body)),
    );
  }

  app.post('/see_all', { config: read, schema: { body: seeAllRequest, response: { 200: envelope(seeAllData) } } }, async (request) =>
    ok(await seeAll(ctx, await viewer(request), request.body)),
  );

  app.get('/get_watch_user_video', { schema: { querystring: watchedCountQuery, response: { 200: envelope(watchedCountData) } } }, async (request) =>
    ok(await watchedInSubCategory(ctx, callerOf(request), request.query.SubCategoryId)),
  );

  app.get(
    '/get_all_organization_categories/:organizationId',
    {
      schema: {
        params: z.object({ organizationId: idParam }),
        querystring: organizationCategoriesQuery,
        response: { 200: envelope(organizationCategoriesData) },
      },
    },
    async (request) => ok(await organizationCategories(ctx, callerOf(request), request.params.organizationId, request.query.team_id)),
  );

  app.get(
    '/organization/teams-settings/:teamId',
    { schema: { params: z.object({ teamId: idParam }), response: { 200: envelope(teamSettingsData) } } },
    async (request) => ok(await teamSettings(ctx, callerOf(request), request.params.teamId)),
  );

  app.get('/experts', { schema: { response: { 200: envelope(expertsData) } } }, async () => ok(await experts(ctx)));

  app.get('/experts/:cast_crew_id', { schema: { params: expertParams, response: { 200: envelope(expertDetailData) } } }, async (request) =>
    ok(await expertDetail(ctx, await viewer(request), request.params.cast_crew_id)),
  );

  app.post(
    '/experts/:cast_crew_id/contact',
    { schema: { params: expertParams, body: contactExpertRequest, response: { 201: envelope(z.null()) } } },
    async (request, reply) => {
      const message = await contactExpert(ctx, await viewer(request), request.params.cast_crew_id, request.body);
      return reply.status(201).send(ok(null, message));
    },
  );
};
