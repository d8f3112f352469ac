import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { POINTS } from './learning.rules.ts';

/**
 * The learning figures kept up to date as watch time and certificates arrive (member_category_stats,
 * member_points), so rankings and the team dashboard never aggregate the whole watch history.
 */

type Trx = Transaction<Database>;

/** Two-argument least / greatest: SQLite spells them min / max. */
const smallest = (db: Trx | Db) => (isPostgres(db) ? sql`least` : sql`min`);
const largest = (db: Trx | Db) => (isPostgres(db) ? sql`greatest` : sql`max`);

/** What one watch report changed for the member: a first start, a video newly watched, seconds added. */
export type WatchDelta = {
  userId: number;
  organizationId: number | null;
  video: { category_id: number; in_test: number };
  started: boolean;
  watched: boolean;
  seconds: number;
  t: number;
};

/** Adds a report's changes to the member's category figures (listed videos only) and points. Same transaction as the report. */
/**
 * The category figures' upsert, compiled once as every statement of the watch report (the platform's most frequent
 * write). `started` and `watched` are 0 or 1; `firstStart` 1 when this report started the video.
 */
const addToCategoryStats = compiledOnce(
  (
    db: Db,
    userId: number,
    categoryId: number,
    organizationId: number | null,
    started: number,
    watched: number,
    seconds: number,
    t: number,
    firstStart: number,
  ) =>
    db
      .insertInto('member_category_stats')
      .values({ user_id: userId, category_id: categoryId, organization_id: organizationId, started, watched, seconds, first_at: t })
      .onConflict((oc) =>
        oc.columns(['user_id', 'category_id']).doUpdateSet({
          started: sql`member_category_stats.started + ${started}`,
          watched: sql`member_category_stats.watched + ${watched}`,
          seconds: sql`member_category_stats.seconds + excluded.seconds`,
          // A video started by this report: concurrent first reports may commit out of order, and the
          // category's first start is the earliest of them (a recount takes the earliest watch row).
          first_at: sql`case when ${firstStart} = 1 then ${smallest(db)}(member_category_stats.first_at, excluded.first_at) else member_category_stats.first_at end`,
        }),
      ),
);

export async function applyWatchDelta(trx: Trx, d: WatchDelta): Promise<void> {
  if (d.video.in_test === 1) {
    const [started, watched] = [d.started ? 1 : 0, d.watched ? 1 : 0];
    await addToCategoryStats(trx, d.userId, d.video.category_id, d.organizationId, started, watched, d.seconds, d.t, started);
  }
  if (d.watched) await addPoints(trx, d, POINTS.video, d.t);
}

const addToPoints = compiledOnce((db: Db, userId: number, organizationId: number | null, points: number, t: number) =>
  db
    .insertInto('member_points')
    .values({ user_id: userId, organization_id: organizationId, points, reached_at: t })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        points: sql`member_points.points + excluded.points`,
        // Points added out of order keep the latest moment (the tie-break), as a recount would.
        reached_at: sql`${largest(db)}(member_points.reached_at, excluded.reached_at)`,
      }),
    ),
);

/** Adds points to a member; the moment they were earned is the ranking's tie-break. */
export async function addPoints(trx: Trx | Db, member: { userId: number; organizationId: number | null }, points: number, t: number): Promise<void> {
  await addToPoints(trx, member.userId, member.organizationId, points, t);
}

/**
 * Recomputes the category figures from the watch history. Run after a catalog import, which may move a
 * video to another category or change whether it is listed; points do not depend on either.
 */
export async function rebuildCategoryStats(db: Db | Trx): Promise<void> {
  await db.deleteFrom('member_category_stats').execute();
  await sql`insert into member_category_stats (user_id, category_id, organization_id, started, watched, seconds, first_at)
            select w.user_id, v.category_id, min(u.organization_id), count(*), count(w.watched_at), coalesce(sum(w.seconds), 0), min(w.created_at)
            from video_watch w join videos v on v.id = w.video_id join users u on u.id = w.user_id
            where v.in_test = 1
            group by w.user_id, v.category_id`.execute(db);
}

/** Recomputes every member's points from watched videos and certificates (the bench seeds history directly). */
export async function rebuildMemberPoints(db: Db | Trx): Promise<void> {
  await db.deleteFrom('member_points').execute();
  await sql`insert into member_points (user_id, organization_id, points, reached_at)
            select e.user_id, (select u.organization_id from users u where u.id = e.user_id), sum(e.points), max(e.at)
            from (select user_id, ${sql.lit(POINTS.video)} as points, watched_at as at from video_watch where watched_at is not null
                  union all
                  select user_id, case when kind = 'category' then ${sql.lit(POINTS.certificate)} else ${sql.lit(POINTS.microCertificate)} end as points,
                         issued_at as at
                  from certificates) e
            group by e.user_id`.execute(db);
}
