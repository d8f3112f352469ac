import { routes, type StudioAuditData } from '@mm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioKey } from './studio-keys.ts';

/** GET /api/studio/audit?page=: a page of the studio's changes, newest first (super users). */
export async function getStudioAudit(page: number): Promise<StudioAuditData> {
  return (await apiRequest(routes.studioAudit, { query: { page } })).data;
}

export function useStudioAudit(page: number) {
  return useQuery(queryOptions({ queryKey: [...studioKey, 'audit', page], queryFn: () => getStudioAudit(page), placeholderData: keepPreviousData }));
}
