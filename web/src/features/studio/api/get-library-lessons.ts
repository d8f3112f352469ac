import { type LibraryLessonsData, routes, STUDIO_LESSONS_PAGE } from '@mm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/**
 * GET /api/studio/library: a page of the organization's own published lessons (`take` from `skip`, newest first),
 * optionally those holding every word of `q`, and how many there are.
 */
export async function getLibraryLessons(q: string, skip = 0, take = STUDIO_LESSONS_PAGE): Promise<LibraryLessonsData> {
  return (await apiRequest(routes.studioLibrary, { query: { ...(q && { q }), skip, take } })).data;
}

export function useLibraryLessons(q: string, skip = 0, take = STUDIO_LESSONS_PAGE) {
  return useQuery(
    queryOptions({ queryKey: [...studioKey, 'library', q, skip, take], queryFn: () => getLibraryLessons(q, skip, take), placeholderData: keepPreviousData }),
  );
}
