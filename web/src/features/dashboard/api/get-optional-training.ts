import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardKey, scopeOf } from './dashboard-keys.ts';

/** GET get_organization_team_optional_training: what the team watches beyond the required path. */
export function useOptionalTraining(organizationId: number, team: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...dashboardKey, 'optional', organizationId, team],
      queryFn: async () => (await apiRequest(routes.getOrganizationTeamOptionalTraining, { query: scopeOf(organizationId, team) })).data,
    }),
  );
}
