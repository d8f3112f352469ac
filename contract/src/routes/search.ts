import { defineRoute, defineRoutes } from '../route.ts';
import { searchData, searchQuery } from '../search.ts';

/** Search over the catalog and captions. */
export const searchRoutes = defineRoutes('search', {
  search: defineRoute({
    method: 'GET',
    path: '/api/search',
    summary: 'Search videos, categories, experts and captions',
    query: searchQuery,
    answer: searchData,
  }),
});
