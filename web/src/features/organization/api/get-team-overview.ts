import { routes, type TeamOverviewData } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamOverviewKey } from '../../../lib/organization/query-keys.ts';

/** GET organization/{teamId}/team: members and the team's categories. */
export async function getTeamOverview(teamId: number, organizationId: number): Promise<TeamOverviewData> {
  return (await apiRequest(routes.organizationTeam, { params: { teamId }, query: { organization_id: organizationId } })).data;
}

export function useTeamOverview(teamId: number, organizationId: number) {
  return useQuery(queryOptions({ queryKey: teamOverviewKey(teamId), queryFn: () => getTeamOverview(teamId, organizationId) }));
}
