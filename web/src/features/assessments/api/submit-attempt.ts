import { routes, type SubmitAttemptRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { assessmentsKey } from './assessment-keys.ts';

/** POST /api/assessments/attempts/:attemptId/submit: scored on the server; a retry carries the same request id and counts once. */
export async function submitAttempt({ attemptId, body }: { attemptId: number; body: SubmitAttemptRequest }) {
  return (await apiRequest(routes.submitAssessmentAttempt, { params: { attemptId }, body })).data;
}

export function useSubmitAttempt() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitAttempt, onSettled: () => queryClient.invalidateQueries({ queryKey: assessmentsKey }) });
}
