import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/** POST /api/studio/lessons/:lessonId/publish: the organization's members see it from now on. */
export function publishStudioLesson(lessonId: number) {
  return apiRequest(routes.publishStudioLesson, { params: { lessonId } });
}

export function usePublishStudioLesson() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishStudioLesson, onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKey }) });
}
