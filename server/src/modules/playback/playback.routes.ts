import fs from 'node:fs';
import {
  DISLIKED_MESSAGE,
  LIKED_MESSAGE,
  lastVideoData,
  likeData,
  likeRequest,
  suggestionsData,
  videoDetail,
  videoRequest,
  videoSecondData,
  watchData,
  watchRequest,
  wishlistData,
  wishlistRequest,
} from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { envelope, idParam, ok, sendPdf } from '../../lib/reply.ts';
import { viewerOf } from '../videos/playback-access.ts';
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

  app.post('/videos/view', { config: read, schema: { body: videoRequest, response: { 200: envelope(videoDetail) } } }, async (request) => {
    const data = await viewVideo(ctx, await viewer(request), request.body.admin_video_id);
    return ok(data, data.subscription_message ?? undefined);
  });

  app.post('/videos/view/second', { config: read, schema: { body: videoRequest, response: { 200: envelope(videoSecondData) } } }, async (request) =>
    ok(await videoTrailers(ctx, await viewer(request), request.body.admin_video_id)),
  );

  app.post('/suggestions', { config: read, schema: { body: videoRequest, response: { 200: envelope(suggestionsData) } } }, async (request) =>
    ok(await suggestions(ctx, await viewer(request), request.body.admin_video_id, request.body.skip ?? 0)),
  );

  app.post('/videos/like', { schema: { body: likeRequest, response: { 200: envelope(likeData) } } }, async (request) => {
    const { data, removed } = await vote(ctx, callerOf(request), request.body.admin_video_id, 1, request.body.request_id);
    return ok(data, removed ? 'Your like was removed.' : LIKED_MESSAGE);
  });

  app.post('/videos/dis_like', { schema: { body: likeRequest, response: { 200: envelope(likeData) } } }, async (request) => {
    const { data, removed } = await vote(ctx, callerOf(request), request.body.admin_video_id, -1, request.body.request_id);
    return ok(data, removed ? 'Your dislike was removed.' : DISLIKED_MESSAGE);
  });

  app.post('/wishlists/operations', { schema: { body: wishlistRequest, response: { 200: envelope(wishlistData) } } }, async (request) => {
    const data = await toggleWishlist(ctx, callerOf(request), request.body.admin_video_id, request.body.request_id);
    return ok(data, data.wishlist_id === null ? 'Removed from My List.' : 'Added to My List.');
  });

  app.post('/watch-user-video', { schema: { body: watchRequest, response: { 201: envelope(watchData) } } }, async (request, reply) => {
    const data = await reportWatchTime(ctx, await viewer(request), request.body);
    return reply.status(201).send(ok(data, 'Watch time saved.'));
  });

  app.get(
    '/last-video-watched-by-category/:id',
    { schema: { params: z.object({ id: idParam }), response: { 200: envelope(lastVideoData) } } },
    async (request) => ok(await resumeInCategory(ctx, callerOf(request), request.params.id)),
  );

  app.get(
    '/last-video-watched-by-user/:userId',
    { schema: { params: z.object({ userId: idParam }), response: { 200: envelope(lastVideoData) } } },
    async (request) => ok(await lastVideoOfUser(ctx, callerOf(request), request.params.userId)),
  );

  app.get('/videos/:id/playbook', { schema: { params: z.object({ id: idParam }) } }, async (request, reply) => {
    const { file, filename } = await playbookFile(ctx, await viewer(request), request.params.id);
    return sendPdf(reply, fs.createReadStream(file), filename);
  });
};
