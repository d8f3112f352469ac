import { routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/assessments/videos/:videoId/attempts: starts an attempt (or resumes the open one); the questions without answers. */
export async function startAttempt(videoId: number) {
  return (await apiRequest(routes.startAssessmentAttempt, { params: { videoId } })).data;
}

export function useStartAttempt() {
  return useMutation({ mutationFn: startAttempt });
}
