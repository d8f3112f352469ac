import { z } from 'zod';
import { faqList, page, pageLink, pageQuery } from '../public-content.ts';
import { defineRoute, defineRoutes } from '../route.ts';

/** Public information pages and FAQs. */
export const publicContentRoutes = defineRoutes('public-content', {
  pagesList: defineRoute({
    method: 'GET',
    path: '/api/pages/list',
    summary: 'A public information page, or the list of them',
    query: pageQuery,
    answer: z.union([page, z.array(pageLink)]),
  }),
  faqsList: defineRoute({ method: 'GET', path: '/api/faqs/list', summary: 'The frequently asked questions', answer: faqList }),
});
