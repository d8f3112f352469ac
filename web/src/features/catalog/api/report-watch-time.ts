import type { WatchData, WatchRequest } from '@mm/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { queueReport } from '../../../lib/offline-queue.ts';
import { getSession } from '../../../lib/session.ts';

const PATH = '/api/watch-user-video';

/** 128 random bits in hex (crypto.randomUUID needs a secure context; a plant may serve the app over plain http). */
const newReportId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * POST watch-user-video: time spent on a video, in minutes (ms / 60000), and the position. Sent while the page is
 * being left or closed, so the request is `keepalive` (navigator.sendBeacon cannot carry the Authorization header).
 * Each report has its own id: without a network it waits in the offline queue and is sent when the network returns,
 * and the server counts an id once (a report whose answer was lost is not counted twice).
 * Answers null when the report was queued.
 */
export async function reportWatchTime(body: {
  userId: number;
  videoId: number;
  milliseconds: number;
  position?: number | undefined;
}): Promise<WatchData | null> {
  const request: WatchRequest = { user: body.userId, video: body.videoId, timeSpent: body.milliseconds / 60000, report_id: newReportId() };
  // The player's place, in whole seconds, where /video/{id} resumes.
  if (body.position !== undefined) request.position = body.position;
  const token = getSession()?.accessToken;
  const queue = async () => {
    await queueReport({ report_id: request.report_id as string, path: PATH, token: token as string, body: request, queued_at: Date.now() });
    return null;
  };
  const canQueue = token !== undefined && typeof indexedDB !== 'undefined';
  // Known offline: straight to the queue (the page may be closing: no time to lose on a request that will fail).
  if (canQueue && !navigator.onLine) return queue();
  try {
    return (await apiRequest<WatchData>(PATH, { method: 'POST', json: request, keepalive: true })).data;
  } catch (error) {
    if (canQueue && error instanceof ApiError && error.status === 0) return queue();
    throw error;
  }
}
