import { routes, type WatchData, type WatchRequest } from '@mm/contract';
import { sendOrQueue } from '../../../lib/offline-queue.ts';

/**
 * POST watch-user-video: time spent on a video, in minutes (ms / 60000), and the position. Sent while the page is
 * being left or closed, so the request is `keepalive` (navigator.sendBeacon cannot carry the Authorization header).
 * Without a network it waits in the offline queue (lib/offline-queue.ts); answers null then.
 */
export async function reportWatchTime(body: {
  userId: number;
  videoId: number;
  milliseconds: number;
  position?: number | undefined;
}): Promise<WatchData | null> {
  const request: WatchRequest = { user: body.userId, video: body.videoId, timeSpent: body.milliseconds / 60000 };
  // The player's place, in whole seconds, where /video/{id} resumes.
  if (body.position !== undefined) request.position = body.position;
  return (await sendOrQueue(routes.watchUserVideo, request, { keepalive: true }))?.data ?? null;
}
