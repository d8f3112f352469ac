import { z } from 'zod';

/** The success envelope, and its schema for a route's `response`. */
export const ok = <T>(data: T, message?: string) => ({ success: true as const, ...(message ? { message } : {}), data });

export const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ success: z.literal(true), message: z.string().optional(), data });

/** Path ids: digits only, so a malformed id is a 400, not a database error. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
