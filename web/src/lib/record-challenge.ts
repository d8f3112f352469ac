import { type ChallengeData, routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

export type RecordChallengeInput = { userId: number; categoryId: number; description: string };

/** POST insert_new_challenge: records that the member opened the category's challenge (201). */
export async function recordChallenge(input: RecordChallengeInput): Promise<ChallengeData> {
  const body = {
    user_id: input.userId,
    challenge_category_id: input.categoryId,
    challenge_type: 'category' as const,
    challenge_description: input.description,
    challenge_status: 'opened',
  };
  return (await apiRequest(routes.insertNewChallenge, { body })).data;
}

export function useRecordChallenge() {
  return useMutation({ mutationFn: recordChallenge });
}
