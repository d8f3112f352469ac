import type { CatalogTreeData } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { untypedApiRequest } from '../api-client.ts';
import { catalogTreeKey } from './query-keys.ts';

/** GET organization/{orgId}/categories: every category with its sub-categories and videos. */
export async function getCatalogTree(organizationId: number): Promise<CatalogTreeData> {
  return (await untypedApiRequest<CatalogTreeData>(`/api/organization/${organizationId}/categories`)).data;
}

export function useCatalogTree(organizationId: number) {
  return useQuery(queryOptions({ queryKey: catalogTreeKey(organizationId), queryFn: () => getCatalogTree(organizationId) }));
}
