import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/** DELETE /api/studio/lessons/:lessonId: gone for everyone; its revisions, watch history and audit entries are kept. */
export function deleteStudioLesson(lessonId: number) {
  return apiRequest(routes.deleteStudioLesson, { params: { lessonId } });
}

export function useDeleteStudioLesson() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteStudioLesson, onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKey }) });
}
