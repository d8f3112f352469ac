import { routes, type Shift } from '@mm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { own, qualificationsKey } from './qualifications-shared.ts';

export type MatrixFilters = { team_id?: number; shift?: Shift; skip: number; take: number };

export function useMatrix(filters: MatrixFilters) {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'matrix', filters],
      queryFn: async () => (await apiRequest(routes.organizationQualificationsMatrix, { params: own(), query: filters })).data,
      placeholderData: keepPreviousData,
    }),
  );
}
