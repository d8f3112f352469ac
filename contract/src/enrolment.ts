import { z } from 'zod';
import { catalogId } from './catalog.ts';

/**
 * Enrolment (issue 39): members without e-mail are invited with a printed sheet. Printing issues each person a new
 * one-time setup code (an earlier unused one stops working), so the sheet is printed, not fetched: a POST.
 */
export const MAX_SHEETS_PER_PRINT = 500;
export const setupSheetsRequest = z.object({
  user_ids: z.array(catalogId).min(1, 'Choose at least one person').max(MAX_SHEETS_PER_PRINT, `At most ${MAX_SHEETS_PER_PRINT} sheets at once`),
});
export type SetupSheetsRequest = z.infer<typeof setupSheetsRequest>;

/** Where a member without e-mail sets their first password with the sheet's code (a web page). */
export const ACCOUNT_SETUP_PATH = '/set-up-account';
