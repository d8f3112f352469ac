import { routes, type TeamSummary } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { teamsKey } from './query-keys.ts';

/** GET organization/{orgId}/teams. */
export async function getTeams(organizationId: number): Promise<TeamSummary[]> {
  return (await apiRequest(routes.organizationTeams, { params: { orgId: organizationId } })).data;
}

export function useTeams(organizationId: number) {
  return useQuery(queryOptions({ queryKey: teamsKey(organizationId), queryFn: () => getTeams(organizationId) }));
}
