import { markNoticesReadData, markNoticesReadRequest, noticesData } from '../notices.ts';
import { defineRoute, defineRoutes } from '../route.ts';

/** The member's notices. */
export const noticesRoutes = defineRoutes('notices', {
  notices: defineRoute({ method: 'GET', path: '/api/notices', summary: "The member's notices", answer: noticesData }),
  noticesRead: defineRoute({
    method: 'POST',
    path: '/api/notices/read',
    summary: 'Mark notices as read',
    body: markNoticesReadRequest,
    answer: markNoticesReadData,
  }),
});
