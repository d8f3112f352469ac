import { routes, type StudioVersionLang } from '@mm/contract';
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

/** PUT /api/studio/lessons/:lessonId/versions/:lang/captions: the text of a WebVTT file replaces a narrated version's captions. */
export function setVersionCaptions({ lessonId, lang, vtt }: { lessonId: number; lang: StudioVersionLang; vtt: string }) {
  return apiRequest(routes.setStudioVersionCaptions, { params: { lessonId, lang }, body: { vtt } });
}

export function useSetVersionCaptions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setVersionCaptions, onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKey }) });
}
