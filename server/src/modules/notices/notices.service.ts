import { type MarkNoticesReadData, NOTICES_LIMIT, type NoticesData } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import type { Caller } from '../auth/index.ts';
import { countUnread, latestNotices, markRead } from './notices.queries.ts';

/** GET notices: the caller's latest notices and how many of all of theirs are still unread. */
export async function listNotices(ctx: AppContext, caller: Caller): Promise<NoticesData> {
  const [rows, unread] = await Promise.all([latestNotices(ctx.db, caller.userId, NOTICES_LIMIT), countUnread(ctx.db, caller.userId)]);
  return {
    notices: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      message: r.message,
      category_id: r.category_id,
      created_at: new Date(Number(r.created_at)).toISOString(),
      read: r.read_at !== null,
    })),
    unread,
  };
}

/**
 * POST notices/read: ids absent marks all of the caller's notices read. Ids of other members' notices are
 * ignored rather than refused, so the answer never tells whether a notice id exists for somebody else.
 * Already-read notices keep their first read time.
 */
export async function markNoticesRead(ctx: AppContext, caller: Caller, ids: number[] | undefined): Promise<MarkNoticesReadData> {
  await markRead(ctx.db, caller.userId, ids, now());
  return { unread: await countUnread(ctx.db, caller.userId) };
}
