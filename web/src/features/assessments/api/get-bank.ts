import { routes, type VideoBankData } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { bankKey } from './assessment-keys.ts';

/** GET /api/assessments/videos/:videoId/bank: the organization's questions and check on the video, answers included (super users). */
export async function getBank(videoId: number): Promise<VideoBankData> {
  return (await apiRequest(routes.assessmentBank, { params: { videoId } })).data;
}

export function useBank(videoId: number) {
  return useQuery(queryOptions({ queryKey: bankKey(videoId), queryFn: () => getBank(videoId) }));
}
