import { z } from 'zod';
import {
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
} from '../catalog.ts';
import { defineRoute, defineRoutes } from '../route.ts';
import { idParam } from './params.ts';

/** A video's page: playing, watch reports, likes and My List. */
export const playbackRoutes = defineRoutes('playback', {
  videosView: defineRoute({
    method: 'POST',
    path: '/api/videos/view',
    summary: 'A video to play: details, signed stream URLs and resume position',
    body: videoRequest,
    answer: videoDetail,
  }),
  videosViewSecond: defineRoute({
    method: 'POST',
    path: '/api/videos/view/second',
    summary: "A video's trailers",
    body: videoRequest,
    answer: videoSecondData,
  }),
  suggestions: defineRoute({
    method: 'POST',
    path: '/api/suggestions',
    summary: 'Videos suggested after a video',
    body: videoRequest,
    answer: suggestionsData,
  }),
  videosLike: defineRoute({ method: 'POST', path: '/api/videos/like', summary: 'Like a video', body: likeRequest, answer: likeData }),
  videosDisLike: defineRoute({ method: 'POST', path: '/api/videos/dis_like', summary: 'Dislike a video', body: likeRequest, answer: likeData }),
  wishlistsOperations: defineRoute({
    method: 'POST',
    path: '/api/wishlists/operations',
    summary: 'Add a video to My List or remove it',
    body: wishlistRequest,
    answer: wishlistData,
  }),
  watchUserVideo: defineRoute({
    method: 'POST',
    path: '/api/watch-user-video',
    summary: 'Report watch time for a video (progress, certificates, points)',
    body: watchRequest,
    answer: watchData,
    status: 201,
  }),
  lastVideoWatchedByCategory: defineRoute({
    method: 'GET',
    path: '/api/last-video-watched-by-category/:id',
    summary: 'Where to resume in a category',
    params: z.object({ id: idParam }),
    answer: lastVideoData,
  }),
  lastVideoWatchedByUser: defineRoute({
    method: 'GET',
    path: '/api/last-video-watched-by-user/:userId',
    summary: 'The last video a member watched',
    params: z.object({ userId: idParam }),
    answer: lastVideoData,
  }),
  videosPlaybook: defineRoute({
    method: 'GET',
    path: '/api/videos/:id/playbook',
    summary: "Download a video's playbook (PDF)",
    params: z.object({ id: idParam }),
    answer: 'file',
    files: ['application/pdf'],
  }),
});
