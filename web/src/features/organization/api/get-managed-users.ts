import { MANAGED_USERS_PAGE, type ManagedUsersData, routes } from '@mm/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { managedUsersKey } from '../../../lib/organization/query-keys.ts';

async function managedUsersPage(organizationId: number, search: string, skip: number): Promise<ManagedUsersData> {
  const q = search.trim();
  return (await apiRequest(routes.managedUsers, { params: { orgId: organizationId }, query: { ...(q && { q }), skip, take: MANAGED_USERS_PAGE } })).data;
}

/**
 * Manage users' list, found and paged by the server. While a new search is on its way the list found before stays
 * on screen (no flash of the loader at every keystroke).
 */
export function useManagedUsers(organizationId: number, search: string) {
  return useInfiniteQuery({
    queryKey: [...managedUsersKey, organizationId, search.trim()],
    queryFn: ({ pageParam }) => managedUsersPage(organizationId, search, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.skip + last.users.length < last.total ? last.skip + last.users.length : undefined),
    placeholderData: keepPreviousData,
  });
}
