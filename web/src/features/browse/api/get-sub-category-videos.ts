import { PAGE_SIZE, routes, type SubCategoryVideosData, type SubCategoryVideosRequest } from '@mm/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** POST sub_categories_videos: a page of PAGE_SIZE videos, by admin_video_id. */
export async function getSubCategoryVideos(subCategoryId: number, skip: number): Promise<SubCategoryVideosData> {
  const body = { sub_category_id: subCategoryId, skip } satisfies Partial<SubCategoryVideosRequest>;
  return (await apiRequest(routes.subCategoriesVideos, { body })).data;
}

export const subCategoryVideosQueryOptions = (subCategoryId: number) =>
  infiniteQueryOptions({
    queryKey: [...catalogKey, 'sub-category-videos', subCategoryId],
    queryFn: ({ pageParam }) => getSubCategoryVideos(subCategoryId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.skip + Math.max(last.videos.length, last.take || PAGE_SIZE);
      return last.videos.length > 0 && next < last.total ? next : undefined;
    },
  });

export function useSubCategoryVideos(subCategoryId: number) {
  return useInfiniteQuery(subCategoryVideosQueryOptions(subCategoryId));
}
