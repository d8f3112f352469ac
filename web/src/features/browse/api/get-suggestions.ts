import { routes, type SuggestionsData, type VideoRequest } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** POST suggestions: videos like this one (same sub-category first). */
export async function getSuggestions(videoId: number): Promise<SuggestionsData> {
  const body = { admin_video_id: videoId, skip: 0 } satisfies Partial<VideoRequest>;
  return (await apiRequest(routes.suggestions, { body })).data;
}

export const suggestionsQueryOptions = (videoId: number) =>
  // Loaded once per video (member spec, section 4): never stale while the app runs.
  queryOptions({ queryKey: [...catalogKey, 'suggestions', videoId], queryFn: () => getSuggestions(videoId), staleTime: Number.POSITIVE_INFINITY });

export function useSuggestions(videoId: number, { enabled }: { enabled: boolean }) {
  return useQuery({ ...suggestionsQueryOptions(videoId), enabled });
}
