import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lessonCaptionsKey } from './get-lesson-captions.ts';
import { studioKey } from './studio-keys.ts';

/** POST /api/studio/lessons/:lessonId/captions/draft: a machine translation of the English track into `lang`, to review. */
export async function draftLessonCaptions({ lessonId, lang }: { lessonId: number; lang: string }) {
  return (await apiRequest(routes.draftStudioLessonCaptions, { params: { lessonId }, body: { lang } })).data;
}

export function useDraftLessonCaptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: draftLessonCaptions,
    onSuccess: (data, { lessonId, lang }) => {
      // The editor shows the draft at once; the studio's answers (tracks, cue counts, the audit log) are read again.
      queryClient.setQueryData(lessonCaptionsKey(lessonId, lang), data);
      void queryClient.invalidateQueries({ queryKey: studioKey });
    },
  });
}
