import { routes, type VideoRequest, type VideoSecondData } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** POST videos/view/second: the video's trailers (trailer_section). */
export async function getVideoTrailers(videoId: number): Promise<VideoSecondData> {
  const body = { admin_video_id: videoId } satisfies Partial<VideoRequest>;
  return (await apiRequest(routes.videosViewSecond, { body })).data;
}

export const videoTrailersQueryOptions = (videoId: number) =>
  queryOptions({ queryKey: [...catalogKey, 'video-trailers', videoId], queryFn: () => getVideoTrailers(videoId) });

export function useVideoTrailers(videoId: number) {
  return useQuery(videoTrailersQueryOptions(videoId));
}
