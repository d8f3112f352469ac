import { z } from 'zod';

/** Path ids: digits only, so a malformed id is a 400, not a database error. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
export const userParams = z.object({ userId: idParam });
export const orgParams = z.object({ orgId: idParam });
export const teamParams = z.object({ teamId: idParam });
export const categoryParams = orgParams.extend({ categoryId: idParam });
export const stationParams = orgParams.extend({ stationId: idParam });
export const personParams = orgParams.extend({ userId: idParam });
export const assignmentParams = stationParams.extend({ userId: idParam });
export const expertParams = z.object({ cast_crew_id: idParam });
export const kioskParams = z.object({ kioskId: idParam });
/** A team is named by its id or its name (the session keeps both). */
export const teamParam = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .transform((v) => (/^\d+$/.test(v) ? Number(v) : v));
