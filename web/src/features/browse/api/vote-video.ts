import { type LikeData, routes, type VideoDetail } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiAnswer } from '../../../lib/api-client.ts';
import { OFFLINE_SAVED, sendOrQueue } from '../../../lib/offline-queue.ts';
import { videoQueryKey } from './get-video.ts';

const ROUTES = { 1: routes.videosLike, '-1': routes.videosDisLike } as const;

/** The counts and the caller's vote after pressing Like (1) or Dislike (-1), as the server would answer them. */
export function predictedVote(video: Pick<VideoDetail, 'likes' | 'dislikes' | 'user_vote'>, pressed: 1 | -1): LikeData {
  const next = video.user_vote === pressed ? 0 : pressed;
  const moved = (value: 1 | -1) => (next === value ? 1 : 0) - (video.user_vote === value ? 1 : 0);
  return { like_count: video.likes + moved(1), dislike_count: video.dislikes + moved(-1), user_vote: next };
}

/**
 * POST videos/like or videos/dis_like: one vote per member, pressing the same again takes it back. Without a network
 * the press waits in the offline queue and the open video shows it as made.
 */
function useVote(pressed: 1 | -1) {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs without a network too: sendOrQueue keeps the press in the offline queue (paused in memory, a tablet's
    // next person would lose it or send it).
    networkMode: 'always',
    mutationFn: async (videoId: number): Promise<ApiAnswer<LikeData>> => {
      const body = { admin_video_id: videoId };
      const answer = await sendOrQueue(ROUTES[pressed], body);
      if (answer) return answer;
      const video = queryClient.getQueryData<VideoDetail>(videoQueryKey(videoId));
      if (!video) return { data: { like_count: 0, dislike_count: 0, user_vote: pressed }, message: OFFLINE_SAVED };
      return { data: predictedVote(video, pressed), message: OFFLINE_SAVED };
    },
    onSuccess: ({ data }, videoId) =>
      queryClient.setQueryData<VideoDetail>(
        videoQueryKey(videoId),
        (video) => video && { ...video, likes: data.like_count, dislikes: data.dislike_count, user_vote: data.user_vote },
      ),
  });
}

export const useLikeVideo = () => useVote(1);
export const useDislikeVideo = () => useVote(-1);
