import { type ExpertsData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** GET experts: the platform's experts (cast and crew). */
export async function getExperts(): Promise<ExpertsData> {
  return (await apiRequest(routes.experts)).data;
}

export const expertsQueryOptions = () => queryOptions({ queryKey: [...catalogKey, 'experts'], queryFn: getExperts });

export function useExperts() {
  return useQuery(expertsQueryOptions());
}
