import { z } from 'zod';
import { salesInquiryRequest } from '../billing.ts';
import { defineRoute, defineRoutes } from '../route.ts';

/** The enterprise "talk to us" form of /plans (issue 33). */
export const salesRoutes = defineRoutes('sales', {
  salesInquiry: defineRoute({
    method: 'POST',
    path: '/api/sales-inquiry',
    summary: "Send the enterprise 'Talk to us' form to sales",
    body: salesInquiryRequest,
    answer: z.null(),
    status: 201,
  }),
});
