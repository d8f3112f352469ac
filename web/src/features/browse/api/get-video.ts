import { routes, type VideoDetail, type VideoRequest } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** POST videos/view: the whole video, computed for the caller (access, vote, My List, stream). */
export async function getVideo(videoId: number): Promise<VideoDetail> {
  const body = { admin_video_id: videoId } satisfies Partial<VideoRequest>;
  return (await apiRequest(routes.videosView, { body })).data;
}

export const videoQueryKey = (videoId: number) => [...catalogKey, 'video', videoId] as const;

export const videoQueryOptions = (videoId: number) => queryOptions({ queryKey: videoQueryKey(videoId), queryFn: () => getVideo(videoId) });

/** How often the player asks again while the lesson's streams are prepared (the server answers its progress). */
const PREPARING_POLL_MS = 2000;

export function useVideo(videoId: number, { enabled = true, pollWhilePreparing = false }: { enabled?: boolean; pollWhilePreparing?: boolean } = {}) {
  return useQuery({
    ...videoQueryOptions(videoId),
    enabled,
    refetchInterval: (query) => (pollWhilePreparing && query.state.data?.preparing ? PREPARING_POLL_MS : false),
  });
}
