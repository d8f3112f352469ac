import type { Page, PageLink } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

/** The public information pages (GET /api/pages/list): footer and the side list of /page/{id}. */
export const pagesQuery = queryOptions({
  queryKey: ['pages'],
  queryFn: async () => (await untypedApiRequest<PageLink[]>('/api/pages/list')).data,
  staleTime: 5 * 60_000,
});

export const usePages = () => useQuery(pagesQuery);

/** One page with its sanitized HTML body (GET /api/pages/list?unique_id=). */
export const usePage = (uniqueId: string) =>
  useQuery({
    queryKey: ['pages', uniqueId],
    queryFn: async () => (await untypedApiRequest<Page>(`/api/pages/list?unique_id=${encodeURIComponent(uniqueId)}`)).data,
    staleTime: 5 * 60_000,
    retry: false,
  });
