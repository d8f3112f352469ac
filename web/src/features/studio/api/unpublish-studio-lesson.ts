import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/** POST /api/studio/lessons/:lessonId/unpublish: the members no longer see it until it is published again. */
export function unpublishStudioLesson(lessonId: number) {
  return apiRequest(routes.unpublishStudioLesson, { params: { lessonId } });
}

export function useUnpublishStudioLesson() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unpublishStudioLesson, onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKey }) });
}
