import { DEFAULT_LOCALE } from '@mm/contract';
import type { Db } from '../../db/client.ts';
import { type NoticeText, noticeMessage } from './notice-texts.ts';

/** Every query is scoped to one member's own rows inside its WHERE clause: a notice belongs to its recipient. */

export function latestNotices(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('notices')
    .select(['id', 'kind', 'message', 'message_key', 'message_values', 'category_id', 'created_at', 'read_at'])
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

/**
 * `text`: what the notice says, written out in its reader's language on every read. `categoryId`: the category a
 * progress alert is about (its notice links there, and names it in the reader's language).
 */
export type NewNotice = { userId: number; senderId: number | null; kind: string; text: NoticeText; categoryId?: number };

/** Leaves notices for members (in the caller's transaction, so they appear exactly when what they announce does). */
export async function insertNotices(db: Db, notices: NewNotice[], t: number): Promise<void> {
  for (let i = 0; i < notices.length; i += ROWS_PER_INSERT) await insertNoticeRows(db, notices.slice(i, i + ROWS_PER_INSERT), t);
}

const ROWS_PER_INSERT = 500;

async function insertNoticeRows(db: Db, notices: NewNotice[], t: number): Promise<void> {
  await db
    .insertInto('notices')
    .values(
      notices.map((n) => ({
        user_id: n.userId,
        sender_id: n.senderId,
        category_id: n.categoryId ?? null,
        kind: n.kind,
        message: noticeMessage(n.text, DEFAULT_LOCALE),
        message_key: n.text.key,
        message_values: JSON.stringify(n.text.values),
        read_at: null,
        created_at: t,
      })),
    )
    .execute();
}
