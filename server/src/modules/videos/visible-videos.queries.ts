import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/**
 * The one rule behind every count and duration a member or supervisor reads for a category or sub-category (home,
 * category and sub-category pages, Library, learning path creator): its listed (in_test) videos that the caller's
 * learning path does not hide. A condition on `videos`, for any query that reads that table.
 */
export function listedAndVisible(hiddenVideoIds: readonly number[]): RawBuilder<SqlBool> {
  return hiddenVideoIds.length === 0
    ? sql<SqlBool>`videos.in_test = 1`
    : sql<SqlBool>`videos.in_test = 1 and videos.id not in (${sql.join([...hiddenVideoIds])})`;
}

export type CategoryTotals = { videos_count: number; total_seconds: number };

/** Each category's count and total duration (whole seconds) under `listedAndVisible`, in one statement. */
export async function categoryTotals(db: Db, hiddenVideoIds: readonly number[]): Promise<Map<number, CategoryTotals>> {
  const rows = await db
    .selectFrom('videos')
    .select((eb) => ['videos.category_id', eb.fn.countAll<number>().as('videos_count'), eb.fn.sum<number>('videos.duration_seconds').as('total_seconds')])
    .where(listedAndVisible(hiddenVideoIds))
    .groupBy('videos.category_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, { videos_count: Number(r.videos_count), total_seconds: Number(r.total_seconds ?? 0) }]));
}
