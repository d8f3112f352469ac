import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { own, qualificationsKey } from './qualifications-shared.ts';

export function useStations() {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'stations'],
      queryFn: async () => (await apiRequest(routes.organizationStations, { params: own() })).data,
    }),
  );
}
