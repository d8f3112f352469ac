import type { TeamOverviewData } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';
import { teamOverviewKey } from '../../../lib/organization/query-keys.ts';

/** GET organization/{teamId}/team: members and the team's categories. */
export async function getTeamOverview(teamId: number, organizationId: number): Promise<TeamOverviewData> {
  return (await untypedApiRequest<TeamOverviewData>(`/api/organization/${teamId}/team?organization_id=${organizationId}`)).data;
}

export function useTeamOverview(teamId: number, organizationId: number) {
  return useQuery(queryOptions({ queryKey: teamOverviewKey(teamId), queryFn: () => getTeamOverview(teamId, organizationId) }));
}
