import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardKey } from './dashboard-keys.ts';

/**
 * GET /api/organization/:orgId/path-lessons?team_id=: the published own lessons of the selection's path, in its order,
 * for the tracker's filter menu (the organization's own only: the server answers no other's).
 */
export function usePathOwnLessons(organizationId: number, team: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...dashboardKey, 'path-lessons', organizationId, team],
      queryFn: async () => (await apiRequest(routes.pathLessons, { params: { orgId: organizationId }, query: { team_id: team ?? undefined } })).data.lessons,
    }),
  );
}
