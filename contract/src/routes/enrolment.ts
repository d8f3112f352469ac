import { setupSheetsRequest } from '../enrolment.ts';
import { defineRoute, defineRoutes } from '../route.ts';

/** Enrolling people: printed sign-in sheets for members without e-mail. */
export const enrolmentRoutes = defineRoutes('enrolment', {
  setupSheetsPdf: defineRoute({
    method: 'POST',
    path: '/api/enrolment/setup-sheets.pdf',
    summary: 'Print sign-in sheets with new one-time setup codes for members without e-mail (PDF)',
    body: setupSheetsRequest,
    answer: 'file',
    files: ['application/pdf'],
  }),
});
