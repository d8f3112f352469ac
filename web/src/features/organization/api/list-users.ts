import { type OrganizationUser, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { managedUsersKey } from '../../../lib/organization/query-keys.ts';

/** POST v4/list_users: the organization's users without the asking super user. */
export async function listUsers(superUserId: number): Promise<OrganizationUser[]> {
  return (await apiRequest(routes.listUsers, { body: { super_user_id: superUserId } })).data;
}

export function useManagedUsers(superUserId: number) {
  return useQuery(queryOptions({ queryKey: managedUsersKey, queryFn: () => listUsers(superUserId) }));
}
