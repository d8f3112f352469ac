import type { LikeData, LikeRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { applyVote } from './vote-cache.ts';

/** POST videos/like: likes the video (pressing again takes the like back). */
export function likeVideo(videoId: number) {
  const body: LikeRequest = { admin_video_id: videoId };
  return apiRequest<LikeData>('/api/videos/like', { method: 'POST', json: body });
}

export function useLikeVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: likeVideo, onSuccess: ({ data }, videoId) => applyVote(queryClient, videoId, data) });
}
