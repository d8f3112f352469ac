import { routes } from '@mm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { own, qualificationsKey } from './qualifications-shared.ts';

/** A page of the practical checks recorded at a station, newest first (the station's page). */
export function useStationPracticalChecks(stationId: number, page: { skip: number; take: number }) {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'station-practical', stationId, page],
      queryFn: async () => (await apiRequest(routes.stationPracticalChecks, { params: { ...own(), stationId }, query: page })).data,
      placeholderData: keepPreviousData,
    }),
  );
}
