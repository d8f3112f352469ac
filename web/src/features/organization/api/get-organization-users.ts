import { type OrganizationUser, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKey } from '../../../lib/organization/query-keys.ts';

/** GET organization/{orgId}/users: everyone, for the member pickers. */
export async function getOrganizationUsers(organizationId: number): Promise<OrganizationUser[]> {
  return (await apiRequest(routes.organizationUsers, { params: { orgId: organizationId } })).data;
}

export function useOrganizationUsers(organizationId: number) {
  return useQuery(queryOptions({ queryKey: usersKey(organizationId), queryFn: () => getOrganizationUsers(organizationId) }));
}
