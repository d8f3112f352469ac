import { DISLIKED_MESSAGE, LIKED_MESSAGE, routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok, sendPdf } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { viewerOf } from '../videos/index.ts';
import {
  lastVideoOfUser,
  playbookFile,
  reportWatchTime,
  resumeInCategory,
  suggestions,
  toggleWishlist,
  videoTrailers,
  viewVideo,
  vote,
} from './playback.service.ts';

// POST calls that only read: open to the read-only guest.
const read = { guestWrites: true };

export const playbackRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const viewer = (request: Parameters<typeof callerOf>[0]) => viewerOf(ctx, callerOf(request));

  app.route({
    ...contractRoute(routes.videosView),
    config: read,
    handler: async (request) => {
      const data = await viewVideo(ctx, await viewer(request), request.body.admin_video_id);
      return ok(data, data.subscription_message ?? undefined);
    },
  });

  app.route({
    ...contractRoute(routes.videosViewSecond),
    config: read,
    handler: async (request) => ok(await videoTrailers(ctx, await viewer(request), request.body.admin_video_id)),
  });

  app.route({
    ...contractRoute(routes.suggestions),
    config: read,
    handler: async (request) => ok(await suggestions(ctx, await viewer(request), request.body.admin_video_id, request.body.skip ?? 0)),
  });

  app.route({
    ...contractRoute(routes.videosLike),
    handler: async (request) => {
      const { data, removed } = await vote(ctx, callerOf(request), request.body.admin_video_id, 1, request.body.request_id);
      return ok(data, removed ? 'Your like was removed.' : LIKED_MESSAGE);
    },
  });

  app.route({
    ...contractRoute(routes.videosDisLike),
    handler: async (request) => {
      const { data, removed } = await vote(ctx, callerOf(request), request.body.admin_video_id, -1, request.body.request_id);
      return ok(data, removed ? 'Your dislike was removed.' : DISLIKED_MESSAGE);
    },
  });

  app.route({
    ...contractRoute(routes.wishlistsOperations),
    handler: async (request) => {
      const data = await toggleWishlist(ctx, callerOf(request), request.body.admin_video_id, request.body.request_id);
      return ok(data, data.wishlist_id === null ? 'Removed from My List.' : 'Added to My List.');
    },
  });

  app.route({
    ...contractRoute(routes.watchUserVideo),
    handler: async (request, reply) => {
      const data = await reportWatchTime(ctx, await viewer(request), request.body);
      return reply.status(201).send(ok(data, 'Watch time saved.'));
    },
  });

  app.route({
    ...contractRoute(routes.lastVideoWatchedByCategory),
    handler: async (request) => ok(await resumeInCategory(ctx, callerOf(request), request.params.id)),
  });

  app.route({
    ...contractRoute(routes.lastVideoWatchedByUser),
    handler: async (request) => ok(await lastVideoOfUser(ctx, callerOf(request), request.params.userId)),
  });

  app.route({
    ...contractRoute(routes.videosPlaybook),
    handler: async (request, reply) => {
      const { body, size, filename } = await playbookFile(ctx, await viewer(request), request.params.id);
      return sendPdf(reply.header('content-length', String(size)), body, filename);
    },
  });

  // Old write receipts are pruned by an hourly job of the queue: server/src/background-work.ts.
};
