import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardKey, scopeOf } from './dashboard-keys.ts';

/** GET get_organization_compliance_report: each required category's completion. */
export function useCompliance(organizationId: number, team: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...dashboardKey, 'compliance', organizationId, team],
      queryFn: async () => (await apiRequest(routes.getOrganizationComplianceReport, { query: scopeOf(organizationId, team) })).data,
    }),
  );
}
