import { routes, type StudioScriptRequest } from '@mm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/** GET /api/studio/lessons/:lessonId/script: the steps last rendered (null for a lesson from an uploaded video). */
export function useLessonScript(lessonId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...studioKey, 'script', lessonId],
      queryFn: async () => (await apiRequest(routes.studioLessonScript, { params: { lessonId } })).data,
      enabled,
    }),
  );
}

/** PUT /api/studio/lessons/:lessonId/script: saves the steps and renders the lesson from them in the background. */
export function renderLessonScript({ lessonId, ...body }: StudioScriptRequest & { lessonId: number }) {
  return apiRequest(routes.renderStudioLessonScript, { params: { lessonId }, body });
}

export function useRenderLessonScript() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renderLessonScript, onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKey }) });
}

/** POST /api/studio/script-photos (multipart photo): the server re-encodes the picture and answers its address. */
export function uploadScriptPhoto(file: File) {
  const form = new FormData();
  form.append('photo', file);
  return apiRequest(routes.uploadStudioScriptPhoto, {}, { form });
}
export const useUploadScriptPhoto = () => useMutation({ mutationFn: uploadScriptPhoto });
