import { type LibraryLesson, routes } from '@mm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/** GET /api/studio/library: the organization's own published lessons, optionally those holding every word of `q`. */
export async function getLibraryLessons(q: string): Promise<LibraryLesson[]> {
  return (await apiRequest(routes.studioLibrary, { query: q ? { q } : {} })).data.lessons;
}

export function useLibraryLessons(q: string) {
  return useQuery(queryOptions({ queryKey: [...studioKey, 'library', q], queryFn: () => getLibraryLessons(q), placeholderData: keepPreviousData }));
}
