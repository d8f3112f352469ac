import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { xapiSettingsKey } from './keys.ts';

/** GET /api/integrations/xapi: the organization's LRS settings (whether a secret is kept, never the secret). */
export async function getXapiSettings() {
  return (await apiRequest(routes.xapiSettings)).data;
}

export function useXapiSettings() {
  return useQuery(queryOptions({ queryKey: xapiSettingsKey, queryFn: getXapiSettings }));
}
