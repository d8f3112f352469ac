import { type LibraryLessonData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/** GET /api/studio/library/:lessonId: one published lesson with its stream. */
export async function getLibraryLesson(lessonId: number): Promise<LibraryLessonData> {
  return (await apiRequest(routes.studioLibraryLesson, { params: { lessonId } })).data;
}

export function useLibraryLesson(lessonId: number | null) {
  return useQuery(
    queryOptions({ queryKey: [...studioKey, 'library-lesson', lessonId], queryFn: () => getLibraryLesson(lessonId as number), enabled: lessonId !== null }),
  );
}
