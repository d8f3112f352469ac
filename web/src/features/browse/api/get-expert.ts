import { type ExpertDetailData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** GET experts/{cast_crew_id}: the expert and their videos. */
export async function getExpert(castCrewId: number): Promise<ExpertDetailData> {
  return (await apiRequest(routes.expert, { params: { cast_crew_id: castCrewId } })).data;
}

export const expertQueryOptions = (castCrewId: number) =>
  queryOptions({ queryKey: [...catalogKey, 'expert', castCrewId], queryFn: () => getExpert(castCrewId) });

export function useExpert(castCrewId: number) {
  return useQuery(expertQueryOptions(castCrewId));
}
