import { routes, type StudioCaptionsData } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/**
 * GET /api/studio/lessons/:lessonId/captions: the lesson's cues of one language (its English track, else its first,
 * without `lang`), its tracks and its video, for the captions editor.
 */
export async function getLessonCaptions(lessonId: number, lang?: string): Promise<StudioCaptionsData> {
  return (await apiRequest(routes.studioLessonCaptions, { params: { lessonId }, query: lang ? { lang } : {} })).data;
}

export const lessonCaptionsKey = (lessonId: number, lang?: string) => [...studioKey, 'captions', lessonId, lang ?? ''] as const;

/** Read when the editor opens (not refetched behind the author's edits: saving reads it again with the studio's answers). */
export function useLessonCaptions(lessonId: number, lang: string | undefined, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: lessonCaptionsKey(lessonId, lang),
      queryFn: () => getLessonCaptions(lessonId, lang),
      enabled,
      refetchOnWindowFocus: false,
    }),
  );
}
