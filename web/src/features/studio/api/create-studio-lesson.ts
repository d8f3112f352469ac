import { type CreateStudioLessonRequest, routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/** POST /api/studio/lessons: a draft lesson, its video uploaded next. */
export function createStudioLesson(body: CreateStudioLessonRequest) {
  return apiRequest(routes.createStudioLesson, { body });
}

export function useCreateStudioLesson() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createStudioLesson, onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKey }) });
}
