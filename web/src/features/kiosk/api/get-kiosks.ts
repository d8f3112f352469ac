import { type KiosksData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { kiosksKey } from './keys.ts';

/** GET /api/kiosks: the organization's kiosks (super user). */
export async function getKiosks(): Promise<KiosksData> {
  return (await apiRequest(routes.kiosks)).data;
}

export function useKiosks() {
  return useQuery(queryOptions({ queryKey: kiosksKey, queryFn: getKiosks }));
}
