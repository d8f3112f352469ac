import { PAGE_SIZE, routes, type SeeAllData, type SeeAllRequest } from '@mm/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** What a view-all page lists: one of the named lists, or the videos of an expert. */
export type SeeAllFilter = Partial<Pick<SeeAllRequest, 'url_type' | 'cast_crew_id' | 'videoType' | 'title'>>;

/** POST see_all: in-production videos, a page at a time. */
export async function getSeeAll(filter: SeeAllFilter, skip: number): Promise<SeeAllData> {
  const body = { ...filter, skip } satisfies Partial<SeeAllRequest>;
  return (await apiRequest(routes.seeAll, { body })).data;
}

export const seeAllQueryKey = [...catalogKey, 'see-all'] as const;

export const seeAllQueryOptions = (filter: SeeAllFilter) =>
  infiniteQueryOptions({
    queryKey: [...seeAllQueryKey, filter],
    queryFn: ({ pageParam }) => getSeeAll(filter, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.skip + Math.max(last.videos.length, last.take || PAGE_SIZE);
      return last.videos.length > 0 && next < last.total ? next : undefined;
    },
  });

export function useSeeAll(filter: SeeAllFilter, { enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...seeAllQueryOptions(filter), enabled });
}
