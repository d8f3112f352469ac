import { routes, type SsoConnectionData } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ssoConnectionKey } from './keys.ts';

/** GET /api/sso/connection: the organization's single sign-on connection (super user; never the secret). */
export async function getSsoConnection(): Promise<SsoConnectionData> {
  return (await apiRequest(routes.ssoConnection)).data;
}

export function useSsoConnection() {
  return useQuery(queryOptions({ queryKey: ssoConnectionKey, queryFn: getSsoConnection }));
}
