import { routes, type ScimSettingsData } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { scimSettingsKey } from './keys.ts';

/** GET /api/scim: the SCIM base URL, whether a token is live, the last provisioning calls (super user). */
export async function getScimSettings(): Promise<ScimSettingsData> {
  return (await apiRequest(routes.scimSettings)).data;
}

export function useScimSettings() {
  return useQuery(queryOptions({ queryKey: scimSettingsKey, queryFn: getScimSettings }));
}
