import { type AttemptResult, routes, type SubmitAttemptRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sendOrQueue } from '../../../lib/offline-queue.ts';
import { assessmentsKey } from './assessment-keys.ts';

/** A submission: its attempt, its request id (kept for a retry or the offline queue's replay) and its answers. */
export type QueuedSubmission = { attemptId: number; requestId: string; answers: SubmitAttemptRequest['answers'] };

/**
 * POST /api/assessments/attempts/:attemptId/submit: scored on the server; a retry carries the same request id and
 * counts once. Without a network (or with no answer from the server) the submission waits in the offline queue
 * (lib/offline-queue.ts) and the answer is `queued`: there is no result until the server has scored it.
 */
export async function submitAttempt({ attemptId, requestId, answers }: QueuedSubmission): Promise<{ result: AttemptResult } | { queued: QueuedSubmission }> {
  const answer = await sendOrQueue(routes.submitAssessmentAttempt, { answers }, { params: { attemptId }, requestId });
  return answer ? { result: answer.data } : { queued: { attemptId, requestId, answers } };
}

/**
 * Asks for the result of a submission under its own request id (sent before, perhaps from the offline queue): the
 * server scores an id once, so this answers the result it recorded, or scores it now if it has not arrived yet.
 */
export async function resultOfSubmission({ attemptId, requestId, answers }: QueuedSubmission): Promise<AttemptResult> {
  return (await apiRequest(routes.submitAssessmentAttempt, { params: { attemptId }, body: { answers, request_id: requestId } })).data;
}

export function useSubmitAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs without a network too: the submission then waits in the offline queue (a paused mutation would live in
    // this tab's memory only, and a kiosk's next person could send it).
    networkMode: 'always',
    mutationFn: submitAttempt,
    onSuccess: (answer) => {
      if ('result' in answer) return queryClient.invalidateQueries({ queryKey: assessmentsKey });
    },
  });
}
