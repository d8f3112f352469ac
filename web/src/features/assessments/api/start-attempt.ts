import { routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { CheckSubject } from './assessment-keys.ts';

/** POST /api/assessments/videos/:videoId/attempts (or /categories/:categoryId/attempts): starts an attempt (or resumes the open one), without answers. */
export async function startAttempt(subject: CheckSubject) {
  return subject.kind === 'video'
    ? (await apiRequest(routes.startAssessmentAttempt, { params: { videoId: subject.id } })).data
    : (await apiRequest(routes.startCategoryAttempt, { params: { categoryId: subject.id } })).data;
}

export function useStartAttempt() {
  return useMutation({ mutationFn: startAttempt });
}
