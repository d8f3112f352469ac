import type { ExpertsData } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** GET experts: the platform's experts (cast and crew). */
export async function getExperts(): Promise<ExpertsData> {
  return (await untypedApiRequest<ExpertsData>('/api/experts')).data;
}

export const expertsQueryOptions = () => queryOptions({ queryKey: [...catalogKey, 'experts'], queryFn: getExperts });

export function useExperts() {
  return useQuery(expertsQueryOptions());
}
