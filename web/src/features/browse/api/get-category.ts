import { type CategoryItem, type CategoryRequest, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** POST get_category_id: a list whose first item is the category. */
export async function getCategory(categoryId: number): Promise<CategoryItem> {
  const body: CategoryRequest = { page_type: 'CATEGORY', category_id: categoryId };
  const { data } = await apiRequest(routes.getCategoryId, { body });
  const category = data[0];
  if (!category) throw new ApiError(404, 'This category does not exist.');
  return category;
}

export const categoryQueryOptions = (categoryId: number) =>
  queryOptions({ queryKey: [...catalogKey, 'category', categoryId], queryFn: () => getCategory(categoryId) });

export function useCategory(categoryId: number) {
  return useQuery(categoryQueryOptions(categoryId));
}
