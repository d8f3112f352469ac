import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiTokensKey } from './keys.ts';

/** GET /api/integrations/tokens: the organization's API tokens (never the tokens themselves). */
export async function getApiTokens() {
  return (await apiRequest(routes.apiTokens)).data;
}

export function useApiTokens() {
  return useQuery(queryOptions({ queryKey: apiTokensKey, queryFn: getApiTokens }));
}
