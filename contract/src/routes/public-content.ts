import { z } from 'zod';
import { faqList, page, pageLink, pageQuery } from '../public-content.ts';
import { defineRoute, defineRoutes } from '../route.ts';
import { landingData } from '../sharing.ts';

/** Public information pages, FAQs and the landing page. */
export const publicContentRoutes = defineRoutes('public-content', {
  pagesList: defineRoute({
    method: 'GET',
    path: '/api/pages/list',
    summary: 'A public information page, or the list of them',
    query: pageQuery,
    answer: z.union([page, z.array(pageLink)]),
  }),
  faqsList: defineRoute({ method: 'GET', path: '/api/faqs/list', summary: 'The frequently asked questions', answer: faqList }),
  landing: defineRoute({ method: 'GET', path: '/api/landing', summary: "The public landing page's content", answer: landingData }),
});
