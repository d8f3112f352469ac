import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/**
 * PUT /api/studio/lessons/:lessonId/captions: the text of a WebVTT file replaces the lesson's captions of `lang`
 * (English when absent); `reviewed` makes a machine draft the author's.
 */
export function setLessonCaptions({ lessonId, vtt, lang, reviewed }: { lessonId: number; vtt: string; lang?: string; reviewed?: boolean }) {
  return apiRequest(routes.setStudioLessonCaptions, { params: { lessonId }, body: { vtt, lang, reviewed } });
}

export function useSetLessonCaptions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setLessonCaptions, onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKey }) });
}
