import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { own, qualificationsKey } from './qualifications-shared.ts';

export function useStationChoices() {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'choices'],
      queryFn: async () => (await apiRequest(routes.organizationStationsChoices, { params: own() })).data,
    }),
  );
}
