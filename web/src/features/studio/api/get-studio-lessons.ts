import { routes, type StudioLessonsData } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/** GET /api/studio/lessons: the organization's own lessons and its storage. */
export async function getStudioLessons(): Promise<StudioLessonsData> {
  return (await apiRequest(routes.studioLessons)).data;
}

/** Polled every 2 s while a video uploads or processes, so its progress moves on screen. */
export function useStudioLessons() {
  return useQuery(
    queryOptions({
      queryKey: [...studioKey, 'lessons'],
      queryFn: getStudioLessons,
      refetchInterval: (query) => (query.state.data?.lessons.some((l) => l.media_state === 'processing') ? 2000 : false),
    }),
  );
}
