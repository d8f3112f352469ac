import { type MemberCheckData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberCheckKey } from './assessment-keys.ts';

/** GET /api/assessments/videos/:videoId/check: the check's rules and the member's attempts so far (never an answer). */
export async function getMemberCheck(videoId: number): Promise<MemberCheckData> {
  return (await apiRequest(routes.memberAssessmentCheck, { params: { videoId } })).data;
}

export function useMemberCheck(videoId: number) {
  return useQuery(queryOptions({ queryKey: memberCheckKey(videoId), queryFn: () => getMemberCheck(videoId) }));
}
