import { routes, STUDIO_LESSONS_PAGE, type StudioLessonsData, type StudioLessonsSort } from '@mm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/** Which page of the studio's list: the words searched, the order, and where the page starts. */
export type StudioListQuery = { q: string; sort: StudioLessonsSort; skip: number };

/** GET /api/studio/lessons: a page of the organization's own lessons (q, sort, skip), and its storage. */
export async function getStudioLessons(list: StudioListQuery): Promise<StudioLessonsData> {
  return (await apiRequest(routes.studioLessons, { query: { ...(list.q && { q: list.q }), sort: list.sort, skip: list.skip, take: STUDIO_LESSONS_PAGE } }))
    .data;
}

/**
 * Polled every 2 s while a video of the page uploads or processes, so its progress moves on screen; the page shown
 * stays while the next one (another page, search or order) is on its way.
 */
export function useStudioLessons(list: StudioListQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...studioKey, 'lessons', list.q, list.sort, list.skip],
      queryFn: () => getStudioLessons(list),
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (query.state.data?.lessons.some((l) => l.media_state === 'processing') ? 2000 : false),
    }),
  );
}
