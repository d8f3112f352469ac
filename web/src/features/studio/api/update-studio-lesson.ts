import { routes, type UpdateStudioLessonRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/** PUT /api/studio/lessons/:lessonId: the lesson's title, category and description. */
export function updateStudioLesson({ lessonId, ...body }: UpdateStudioLessonRequest & { lessonId: number }) {
  return apiRequest(routes.updateStudioLesson, { params: { lessonId }, body });
}

export function useUpdateStudioLesson() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateStudioLesson, onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKey }) });
}
