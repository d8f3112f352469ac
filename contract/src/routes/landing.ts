import { defineRoute, defineRoutes } from '../route.ts';
import { landingData } from '../sharing.ts';

/** The public landing page. */
export const landingRoutes = defineRoutes('landing', {
  landing: defineRoute({ method: 'GET', path: '/api/landing', summary: "The public landing page's content", answer: landingData }),
});
