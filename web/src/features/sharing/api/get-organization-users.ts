import { routes } from '@mm/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const useOrganizationUsers = (orgId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['organization', orgId, 'users'],
    queryFn: enabled && orgId !== null ? async () => (await apiRequest(routes.organizationUsers, { params: { orgId } })).data : skipToken,
  });
