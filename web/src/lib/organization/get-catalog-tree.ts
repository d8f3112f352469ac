import { type CatalogTreeData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { catalogTreeKey } from './query-keys.ts';

/** GET organization/{orgId}/categories: every category with its sub-categories and videos. */
export async function getCatalogTree(organizationId: number): Promise<CatalogTreeData> {
  return (await apiRequest(routes.organizationCategories, { params: { orgId: organizationId } })).data;
}

export function useCatalogTree(organizationId: number) {
  return useQuery(queryOptions({ queryKey: catalogTreeKey(organizationId), queryFn: () => getCatalogTree(organizationId) }));
}
