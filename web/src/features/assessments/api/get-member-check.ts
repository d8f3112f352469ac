import { type MemberCheckData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type CheckSubject, memberCheckKey } from './assessment-keys.ts';

/**
 * GET /api/assessments/videos/:videoId/check, or /categories/:categoryId/check: the check's rules and the member's
 * attempts so far (never an answer).
 */
export async function getMemberCheck(subject: CheckSubject): Promise<MemberCheckData> {
  return subject.kind === 'video'
    ? (await apiRequest(routes.memberAssessmentCheck, { params: { videoId: subject.id } })).data
    : (await apiRequest(routes.memberCategoryCheck, { params: { categoryId: subject.id } })).data;
}

export function useMemberCheck(subject: CheckSubject) {
  return useQuery(queryOptions({ queryKey: memberCheckKey(subject), queryFn: () => getMemberCheck(subject) }));
}
