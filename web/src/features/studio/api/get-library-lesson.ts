import { type LibraryLessonData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/**
 * GET /api/studio/library/:lessonId: one published lesson with its stream; `lang` picks a narrated version (the
 * member's language's when absent: a Spanish member gets a script lesson's Spanish version).
 */
export async function getLibraryLesson(lessonId: number, lang?: 'en' | 'es'): Promise<LibraryLessonData> {
  return (await apiRequest(routes.studioLibraryLesson, { params: { lessonId }, query: lang ? { lang } : {} })).data;
}

export function useLibraryLesson(lessonId: number | null, lang?: 'en' | 'es') {
  return useQuery(
    queryOptions({
      queryKey: [...studioKey, 'library-lesson', lessonId, lang ?? null],
      queryFn: () => getLibraryLesson(lessonId as number, lang),
      enabled: lessonId !== null,
    }),
  );
}
