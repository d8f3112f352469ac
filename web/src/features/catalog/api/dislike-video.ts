import type { LikeData, LikeRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { applyVote } from './vote-cache.ts';

/** POST videos/dis_like: dislikes the video (pressing again takes the dislike back). */
export function dislikeVideo(videoId: number) {
  const body: LikeRequest = { admin_video_id: videoId };
  return apiRequest<LikeData>('/api/videos/dis_like', { method: 'POST', json: body });
}

export function useDislikeVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: dislikeVideo, onSuccess: ({ data }, videoId) => applyVote(queryClient, videoId, data) });
}
