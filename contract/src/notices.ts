import { z } from 'zod';
import { catalogId } from './catalog.ts';
import type { WireInput } from './route.ts';

/**
 * In-app notices: what supervisors' alerts and broadcasts leave for a member (administration spec,
 * section 2 "Team dashboard"), read in the signed-in header. A member only ever sees and marks their own.
 */

export const notice = z.object({
  id: z.number(),
  /** 'alert' (one member) or 'broadcast' (the dashboard's selection). */
  kind: z.string(),
  message: z.string(),
  category_id: z.number().nullable(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof notice>;

/** GET notices: the caller's latest notices, newest first, and how many of all their notices are unread. */
export const noticesData = z.object({ notices: z.array(notice), unread: z.number() });
export type NoticesData = z.infer<typeof noticesData>;

/** The most notices one call lists, and the most ids one call marks. */
export const NOTICES_LIMIT = 50;
export const MARK_READ_MAX_IDS = 500;

/** Form bodies carry the list as JSON text ("[1,2]"); JSON bodies as an array. */
const idList = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z
    .array(catalogId, { error: 'must be a list of notice ids' })
    .min(1, 'must list at least one notice (leave it out to mark them all)')
    .max(MARK_READ_MAX_IDS, `must list at most ${MARK_READ_MAX_IDS} notices`),
);

/**
 * POST notices/read: `ids` absent marks every notice of the caller read; listed ids that are not the
 * caller's are ignored. An empty body is the same as `{}`.
 */
export const markNoticesReadRequest = z.preprocess((v) => v ?? {}, z.object({ ids: idList.optional() }));
export type MarkNoticesReadRequest = WireInput<typeof markNoticesReadRequest>;
export const markNoticesReadData = z.object({ unread: z.number() });
export type MarkNoticesReadData = z.infer<typeof markNoticesReadData>;
