import { routes, SEARCH_TAKE_DEFAULT, type SearchData, type SearchKind } from '@mm/contract';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const searchKey = ['search'] as const;

type SearchParams = { q: string; skip?: number; take?: number; kind?: SearchKind };

/** GET /api/search: every section matching q (or one, with kind), paged by skip/take. */
export async function searchCatalog({ q, skip = 0, take = SEARCH_TAKE_DEFAULT, kind }: SearchParams): Promise<SearchData> {
  return (await apiRequest(routes.search, { query: { q, skip, take, kind } })).data;
}

export const searchQueryOptions = (q: string) =>
  queryOptions({ queryKey: [...searchKey, q], queryFn: () => searchCatalog({ q }), enabled: q.trim() !== '', staleTime: 60_000 });

/** The first page of every section; the previous answer stays on screen while a new query loads. */
export function useSearch(q: string) {
  return useQuery({ ...searchQueryOptions(q), placeholderData: keepPreviousData });
}

/** Further pages of one section, fetched only when asked ("Show more"), after the `shown` first ones. */
export function useMoreResults(q: string, kind: SearchKind, shown: number) {
  return useInfiniteQuery({
    queryKey: [...searchKey, q, kind, shown],
    queryFn: ({ pageParam }) => searchCatalog({ q, kind, skip: pageParam }),
    initialPageParam: shown,
    getNextPageParam: (last, pages) => {
      const next = shown + pages.length * SEARCH_TAKE_DEFAULT;
      return next < last[kind].total ? next : undefined;
    },
    enabled: false,
  });
}
