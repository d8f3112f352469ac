import type { LikeData, VideoDetail } from '@mm/contract';
import type { QueryClient } from '@tanstack/react-query';
import { videoQueryKey } from './get-video.ts';

/** The counts and the caller's vote after a like or dislike, written into the open video. */
export function applyVote(queryClient: QueryClient, videoId: number, vote: LikeData): void {
  queryClient.setQueryData<VideoDetail>(
    videoQueryKey(videoId),
    (video) => video && { ...video, likes: vote.like_count, dislikes: vote.dislike_count, user_vote: vote.user_vote },
  );
}
