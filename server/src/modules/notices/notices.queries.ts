import type { Db } from '../../db/client.ts';

/** Every query is scoped to one member's own rows inside its WHERE clause: a notice belongs to its recipient. */

export function latestNotices(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('notices')
    .select(['id', 'kind', 'message', 'category_id', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll().as('unread'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  // PostgreSQL answers count(*) as a bigint string.
  return Number(row?.unread ?? 0);
}

/** Marks the member's unread notices read: all of them, or only those of `ids` that are theirs. */
export async function markRead(db: Db, userId: number, ids: number[] | undefined, at: number): Promise<void> {
  let query = db.updateTable('notices').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  await query.execute();
}

export type NewNotice = { userId: number; senderId: number | null; kind: string; message: string };

/** Leaves notices for members (in the caller's transaction, so they appear exactly when what they announce does). */
export async function insertNotices(db: Db, notices: NewNotice[], t: number): Promise<void> {
  if (!notices.length) return;
  await db
    .insertInto('notices')
    .values(
      notices.map((n) => ({ user_id: n.userId, sender_id: n.senderId, category_id: null, kind: n.kind, message: n.message, read_at: null, created_at: t })),
    )
    .execute();
}
