import { routes, type VideoDetail, type VideoRequest } from '@mm/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { organizationKey } from './organization/query-keys.ts';

/** POST videos/view: data.main_resolutions.original is the stream a preview plays (learning path creator, toolbox talk). */
export async function getPreviewVideo(videoId: number): Promise<VideoDetail> {
  const body: VideoRequest = { admin_video_id: videoId };
  return (await apiRequest(routes.videosView, { body })).data;
}

export function usePreviewVideo(videoId: number | null) {
  return useQuery({
    queryKey: [...organizationKey, 'preview', videoId],
    queryFn: () => getPreviewVideo(videoId ?? 0),
    enabled: videoId !== null,
    retry: false,
  });
}
