import { type CheckResultsData, routes } from '@mm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { checkResultsKey } from './assessment-keys.ts';

/** GET /api/assessments/videos/:videoId/results: the check's figures and a page of members' standings (super users). */
export async function getCheckResults(videoId: number, skip: number): Promise<CheckResultsData> {
  return (await apiRequest(routes.assessmentResults, { params: { videoId }, query: { skip } })).data;
}

export function useCheckResults(videoId: number, skip: number) {
  return useQuery(queryOptions({ queryKey: checkResultsKey(videoId, skip), queryFn: () => getCheckResults(videoId, skip), placeholderData: keepPreviousData }));
}
