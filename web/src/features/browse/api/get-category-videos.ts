import { type CategoryRequest, type CategoryVideosData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** POST categoryVideos: one group (slider) per sub-category holding videos. */
export async function getCategoryVideos(categoryId: number): Promise<CategoryVideosData> {
  const body: CategoryRequest = { page_type: 'SUB_CATEGORY', category_id: categoryId };
  return (await apiRequest(routes.categoryVideos, { body })).data;
}

export const categoryVideosQueryOptions = (categoryId: number) =>
  queryOptions({ queryKey: [...catalogKey, 'category-videos', categoryId], queryFn: () => getCategoryVideos(categoryId) });

export function useCategoryVideos(categoryId: number) {
  return useQuery(categoryVideosQueryOptions(categoryId));
}
