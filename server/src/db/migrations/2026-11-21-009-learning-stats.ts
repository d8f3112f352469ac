import { type Kysely, sql } from 'kysely';
import { isPostgres, notNull } from '../dialect.ts';

/**
 * Learning figures kept up to date as watch time arrives, so the rankings and the team dashboard read one
 * row per member (and category) instead of aggregating a year of watch history on every call:
 * - member_category_stats: per member and category, the listed (in_test) videos started and watched,
 *   the seconds spent and the first start;
 * - member_points: per member, the ranking points and when they were last earned (the tie-break).
 * Both are filled here from the history already recorded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('member_category_stats')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    /** The member's organization (members never change organization), so the dashboard walks one organization's rows. */
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('started', 'integer', notNull)
    .addColumn('watched', 'integer', notNull)
    .addColumn('seconds', 'double precision', notNull)
    .addColumn('first_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('member_category_stats_pk', ['user_id', 'category_id'])
    // SQLite: rows stored in key order, so reading a member's categories stays local as rows arrive over time.
    .$call((table) => (isPostgres(db) ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  // Dashboard alerts: per category, the members who started longest ago; covers the figures the walk tests.
  await db.schema
    .createIndex('member_category_stats_org_category_idx')
    .on('member_category_stats')
    .columns(['organization_id', 'category_id', 'first_at', 'user_id', 'started', 'watched'])
    .execute();

  await db.schema
    .createTable('member_points')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('points', 'integer', notNull)
    .addColumn('reached_at', 'bigint', notNull)
    .execute();

  await sql`insert into member_category_stats (user_id, category_id, organization_id, started, watched, seconds, first_at)
            select w.user_id, v.category_id, min(u.organization_id), count(*), count(w.watched_at), coalesce(sum(w.seconds), 0), min(w.created_at)
            from video_watch w join videos v on v.id = w.video_id join users u on u.id = w.user_id
            where v.in_test = 1
            group by w.user_id, v.category_id`.execute(db);

  await sql`insert into member_points (user_id, points, reached_at)
            select e.user_id, sum(e.points), max(e.at)
            from (select user_id, 10 as points, watched_at as at from video_watch where watched_at is not null
                  union all
                  select user_id, case when kind = 'category' then 100 else 50 end as points, issued_at as at from certificates) e
            group by e.user_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('member_points').execute();
  await db.schema.dropTable('member_category_stats').execute();
}
