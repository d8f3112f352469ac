import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardKey, scopeOf } from './dashboard-keys.ts';

/** The team filter of the tracker: 'optional' sends onlyEssentials 0, 'required' 1, a number is one category. */
export type TrackerFilter = 'optional' | 'required' | number;

/** GET get_organization_team_overall_progress: the tracker's team figure and each member's. */
export function useOverallProgress(organizationId: number, team: number | null, filter: TrackerFilter) {
  const query = {
    ...scopeOf(organizationId, team),
    categoryId: typeof filter === 'number' ? filter : undefined,
    onlyEssentials: filter === 'required' ? 1 : 0,
  };
  return useQuery(
    queryOptions({
      queryKey: [...dashboardKey, 'progress', organizationId, team, filter],
      queryFn: async () => (await apiRequest(routes.getOrganizationTeamOverallProgress, { query })).data.overallProgress,
    }),
  );
}
