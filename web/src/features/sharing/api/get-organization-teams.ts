import { routes } from '@mm/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The organization's teams and users, for the super user's team-members mode. */
export const useOrganizationTeams = (orgId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['organization', orgId, 'teams'],
    queryFn: enabled && orgId !== null ? async () => (await apiRequest(routes.organizationTeams, { params: { orgId } })).data : skipToken,
  });
