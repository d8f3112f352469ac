import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardKey, scopeOf } from './dashboard-keys.ts';

/** GET get_dashboard_users_alerts: the members behind on a category they started. */
export function useUsersAlerts(organizationId: number, team: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...dashboardKey, 'alerts', organizationId, team],
      queryFn: async () => (await apiRequest(routes.getDashboardUsersAlerts, { query: scopeOf(organizationId, team) })).data.users_alerts,
    }),
  );
}
