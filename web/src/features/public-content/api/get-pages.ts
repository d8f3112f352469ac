import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The public information pages (GET /api/pages/list): footer and the side list of /page/{id}. */
export const pagesQuery = queryOptions({
  queryKey: ['pages'],
  queryFn: async () => {
    const { data } = await apiRequest(routes.pagesList, { query: {} });
    return Array.isArray(data) ? data : [];
  },
  staleTime: 5 * 60_000,
});

export const usePages = () => useQuery(pagesQuery);

/** One page with its sanitized HTML body (GET /api/pages/list?unique_id=). */
export const usePage = (uniqueId: string) =>
  useQuery({
    queryKey: ['pages', uniqueId],
    queryFn: async () => {
      // With a unique_id the call answers that one page, without one the list.
      const { data } = await apiRequest(routes.pagesList, { query: { unique_id: uniqueId } });
      if (Array.isArray(data)) throw new Error('The server answered the list instead of the page.');
      return data;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
