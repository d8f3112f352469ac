import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The landing content (GET /api/landing): titles and signed media URLs, which live for hours. */
export const landingQuery = queryOptions({
  queryKey: ['landing'],
  queryFn: async () => (await apiRequest(routes.landing)).data,
  staleTime: 30 * 60_000,
  retry: 1,
});

export const useLanding = () => useQuery(landingQuery);
