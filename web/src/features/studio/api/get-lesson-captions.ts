import { routes, type StudioCaptionsData } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/** GET /api/studio/lessons/:lessonId/captions: the lesson's cues, their language and its video, for the captions editor. */
export async function getLessonCaptions(lessonId: number): Promise<StudioCaptionsData> {
  return (await apiRequest(routes.studioLessonCaptions, { params: { lessonId } })).data;
}

/** Read when the editor opens (not refetched behind the author's edits: saving reads it again with the studio's answers). */
export function useLessonCaptions(lessonId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...studioKey, 'captions', lessonId],
      queryFn: () => getLessonCaptions(lessonId),
      enabled,
      refetchOnWindowFocus: false,
    }),
  );
}
