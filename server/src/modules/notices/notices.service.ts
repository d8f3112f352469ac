import { DEFAULT_LOCALE, type MarkNoticesReadData, NOTICES_LIMIT, type NoticesData } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import type { Caller } from '../auth/index.ts';
import type { LocalNames } from '../captions/index.ts';
import { namesFor } from '../videos/index.ts';
import { type NoticeKey, noticeMessage } from './notice-texts.ts';
import { countUnread, latestNotices, markRead } from './notices.queries.ts';

type NoticeRow = Awaited<ReturnType<typeof latestNotices>>[number];

/** GET notices: the caller's latest notices, each in the caller's language, and how many of all of theirs are still unread. */
export async function listNotices(ctx: AppContext, caller: Caller): Promise<NoticesData> {
  const [rows, unread] = await Promise.all([latestNotices(ctx.db, caller.userId, NOTICES_LIMIT), countUnread(ctx.db, caller.userId)]);
  const names = rows.some((r) => r.message_key !== null && r.category_id !== null) ? await namesFor(ctx.db, caller) : undefined;
  return {
    notices: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      message: readerMessage(r, caller, names),
      category_id: r.category_id,
      created_at: new Date(Number(r.created_at)).toISOString(),
      read: r.read_at !== null,
    })),
    unread,
  };
}

/**
 * The notice's catalog text in the reader's language, its category named as the reader's library names it (the
 * English name written with it where their language has none). A row without a key was written before notices had
 * one (migration 083): its English text as written.
 */
function readerMessage(row: NoticeRow, caller: Caller, names: LocalNames | undefined): string {
  if (row.message_key === null) return row.message;
  const values = JSON.parse(row.message_values ?? '{}') as Record<string, string | number>;
  const category = row.category_id === null ? undefined : names?.categories.get(row.category_id);
  return noticeMessage({ key: row.message_key as NoticeKey, values: category ? { ...values, category } : values }, caller.language ?? DEFAULT_LOCALE);
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
