import { type CheckResultsData, routes } from '@mm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type CheckSubject, checkResultsKey } from './assessment-keys.ts';

/**
 * GET /api/assessments/videos/:videoId/results (or /categories/:categoryId/results): the check's figures and a page of
 * members' standings (super users).
 */
export async function getCheckResults(subject: CheckSubject, skip: number): Promise<CheckResultsData> {
  return subject.kind === 'video'
    ? (await apiRequest(routes.assessmentResults, { params: { videoId: subject.id }, query: { skip } })).data
    : (await apiRequest(routes.categoryAssessmentResults, { params: { categoryId: subject.id }, query: { skip } })).data;
}

export function useCheckResults(subject: CheckSubject, skip: number) {
  return useQuery(queryOptions({ queryKey: checkResultsKey(subject, skip), queryFn: () => getCheckResults(subject, skip), placeholderData: keepPreviousData }));
}
