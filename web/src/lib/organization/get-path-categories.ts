import { type PathCategoriesData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { pathCategoriesKey } from './query-keys.ts';

/** GET get_all_organization_categories_learning_path/{orgId}?team_id=: the path that applies now, in order. */
export async function getPathCategories(organizationId: number, teamId: number | null): Promise<PathCategoriesData> {
  return (await apiRequest(routes.getAllOrganizationCategoriesLearningPath, { params: { orgId: organizationId }, query: { team_id: teamId ?? undefined } }))
    .data;
}

export function usePathCategories(organizationId: number, teamId: number | null) {
  return useQuery(queryOptions({ queryKey: pathCategoriesKey(organizationId, teamId), queryFn: () => getPathCategories(organizationId, teamId) }));
}
