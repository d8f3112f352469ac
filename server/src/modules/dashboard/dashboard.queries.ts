import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { isPostgres } from '../../db/dialect.ts';
import { readOffLoop } from '../../db/read-pool.ts';

import {
  lessonsStartedNotWatchedSql,
  lessonsWatchedSql,
  type MeasuredMembers,
  measuredCtes,
  memberLessonsSql,
  memberStandingSql,
  membersOf,
} from '../learning/index.ts';

/**
 * Dashboard aggregates over the members' standing per category (learning/member-progress.queries.ts: each member
 * against the path they follow, visible videos only, certificates counted whole). No query runs per member and none
 * reads the whole watch history.
 */

const standingOf = (p: MeasuredMembers) => sql`with ${measuredCtes(p)} `;

export type MemberWatched = { user_id: number; name: string; last_name: string; picture: string | null; watched: number; total: number };

/**
 * Every member of the selection with their credited and visible videos over the measured categories of their path,
 * plus their path's own lessons when `p.lessons` holds them (each one video, watched or not). One statement.
 */
export async function watchedPerMember(db: Db, p: MeasuredMembers): Promise<MemberWatched[]> {
  const none = sql`select 0 as user_id, 0 as watched, 0 as total where 1 = 0`;
  const sums =
    p.measured.length === 0
      ? none
      : sql`select s.user_id as user_id, sum(s.watched) as watched, sum(s.total) as total from (${memberStandingSql(p, 'members')}) s group by s.user_id`;
  const lessons = p.lessons?.length ? memberLessonsSql(p) : none;
  const { rows } = await readOffLoop(
    db,
    sql`${p.measured.length === 0 && !p.lessons?.length ? sql`` : standingOf(p)}
        select u.id as user_id, u.name as name, u.last_name as last_name, u.picture as picture,
               coalesce(x.watched, 0) + coalesce(l.watched, 0) as watched, coalesce(x.total, 0) + coalesce(l.total, 0) as total
        from users u left join (${sums}) x on x.user_id = u.id left join (${lessons}) l on l.user_id = u.id
        where ${membersOf(p, 'u')}
        order by u.name, u.last_name, u.id`,
  );
  return (rows as Record<string, unknown>[]).map((r) => ({
    user_id: Number(r.user_id),
    name: String(r.name),
    last_name: String(r.last_name ?? ''),
    picture: (r.picture as string | null) ?? null,
    watched: Number(r.watched),
    total: Number(r.total),
  }));
}

export type AlertRow = {
  user_id: number;
  category_id: number;
  name: string;
  last_name: string;
  picture: string | null;
  watched: number;
  total: number;
  first_at: number;
  /** Members of the selection behind in this category, listed or not, counted up to the cap. */
  behind_in_category: number;
};

/** The two statements of `startedNotFinished` (the listed members, the counts), built for `db`'s dialect. */
export function startedNotFinishedSql(db: Db, p: MeasuredMembers, categoryIds: number[], limit: number, countCap: number) {
  const walk = (categoryId: number | RawBuilder<unknown>, rows: number) =>
    sql`select s.user_id as user_id, s.category_id as category_id, s.watched as watched, s.total as total, s.first_at as first_at
        from (${memberStandingSql(p, { started: categoryId })}) s
        where s.started > 0 and s.watched < s.total
        order by s.first_at, s.user_id
        limit ${sql.lit(rows)}`;
  // PostgreSQL walks each category from a lateral join: one statement whose size does not grow with the categories
  // (a branch per category made 741 KB of SQL at 200 categories, planned and JIT-compiled for seconds). SQLite has
  // no lateral join and neither planning cost: it keeps a branch per category.
  const [firstOfEach, countOfEach, categoriesCte] = isPostgres(db)
    ? [
        sql`select w.* from alert_categories ac cross join lateral (${walk(sql.ref('ac.category_id'), limit)}) w`,
        sql`select ac.category_id as category_id, w.behind as behind
            from alert_categories ac cross join lateral (select count(*) as behind from (${walk(sql.ref('ac.category_id'), countCap)}) x) w`,
        sql`, alert_categories (category_id) as (values ${sql.join(categoryIds.map((c) => sql`(${sql.lit(Math.trunc(c))})`))})`,
      ]
    : [
        sql.join(
          categoryIds.map((c) => sql`select * from (${walk(c, limit)}) ${sql.id(`c${c}`)}`),
          sql` union all `,
        ),
        sql.join(
          categoryIds.map((c) => sql`select ${sql.lit(c)} as category_id, count(*) as behind from (${walk(c, countCap)}) ${sql.id(`n${c}`)}`),
          sql` union all `,
        ),
        sql``,
      ];
  return {
    listed: sql`${standingOf(p)}${categoriesCte}
        select l.user_id as user_id, l.category_id as category_id, u.name as name, u.last_name as last_name, u.picture as picture,
               l.watched as watched, l.total as total, l.first_at as first_at
        from (${firstOfEach}) l join users u on u.id = l.user_id
        order by l.first_at, l.user_id`,
    counts: sql`${standingOf(p)}${categoriesCte} ${countOfEach}`,
  };
}

/**
 * Members who started a category and have not completed it (against their own path): per category the `limit` who
 * started longest ago (the ones most worth a nudge), and how many there are, counted up to `countCap`. Both walk the
 * category's kept rows in first-start order and stop early, so the work is bounded whatever the organization's size.
 */
export async function startedNotFinished(db: Db, p: MeasuredMembers, categoryIds: number[], limit: number, countCap: number): Promise<AlertRow[]> {
  if (categoryIds.length === 0 || p.measured.length === 0) return [];
  const statements = startedNotFinishedSql(db, p, categoryIds, limit, countCap);
  const [listed, counts] = await Promise.all([readOffLoop(db, statements.listed), readOffLoop(db, statements.counts)]);
  const behindIn = new Map((counts.rows as Record<string, unknown>[]).map((r) => [Number(r.category_id), Number(r.behind)]));
  return (listed.rows as Record<string, unknown>[]).map((r) => ({
    user_id: Number(r.user_id),
    category_id: Number(r.category_id),
    name: String(r.name),
    last_name: String(r.last_name ?? ''),
    picture: (r.picture as string | null) ?? null,
    watched: Number(r.watched),
    total: Number(r.total),
    first_at: Number(r.first_at),
    behind_in_category: behindIn.get(Number(r.category_id)) ?? 0,
  }));
}

/** Per measured category: how many members of the selection completed it (every visible video, or its certificate). */
export async function completedPerCategory(db: Db, p: MeasuredMembers): Promise<Map<number, number>> {
  if (p.measured.length === 0) return new Map();
  const { rows } = await readOffLoop(
    db,
    sql`${standingOf(p)}
        select s.category_id as category_id, count(*) as completed
        from (${memberStandingSql(p, 'members')}) s
        where s.total > 0 and s.watched >= s.total
        group by s.category_id`,
  );
  return new Map((rows as Record<string, unknown>[]).map((r) => [Number(r.category_id), Number(r.completed)]));
}

/** Per measured own lesson: how many members of the selection watched it (a lesson nobody watched is absent). */
export async function watchedPerLesson(db: Db, p: MeasuredMembers): Promise<Map<number, number>> {
  if (!p.lessons?.length) return new Map();
  const { rows } = await readOffLoop(db, sql`${standingOf(p)} ${lessonsWatchedSql(p)}`);
  return new Map((rows as Record<string, unknown>[]).map((r) => [Number(r.lesson_id), Number(r.watched)]));
}

export type LessonAlertRow = {
  user_id: number;
  lesson_id: number;
  name: string;
  last_name: string;
  picture: string | null;
  seconds: number;
  duration: number;
  first_at: number;
  /** Members of the selection behind on this lesson, listed or not. */
  behind_in_lesson: number;
};

/**
 * Members who started a measured own lesson and have not watched it: per lesson the `limit` who started longest ago,
 * and how many there are. One statement for every lesson.
 */
export async function lessonsStartedNotWatched(db: Db, p: MeasuredMembers, limit: number): Promise<LessonAlertRow[]> {
  if (!p.lessons?.length) return [];
  const { rows } = await readOffLoop(
    db,
    sql`${standingOf(p)}
        select s.user_id as user_id, s.lesson_id as lesson_id, u.name as name, u.last_name as last_name, u.picture as picture,
               s.seconds as seconds, s.duration as duration, s.first_at as first_at, s.behind as behind
        from (${lessonsStartedNotWatchedSql(p, limit)}) s join users u on u.id = s.user_id
        order by s.first_at, s.user_id`,
  );
  return (rows as Record<string, unknown>[]).map((r) => ({
    user_id: Number(r.user_id),
    lesson_id: Number(r.lesson_id),
    name: String(r.name),
    last_name: String(r.last_name ?? ''),
    picture: (r.picture as string | null) ?? null,
    seconds: Number(r.seconds ?? 0),
    duration: Number(r.duration ?? 0),
    first_at: Number(r.first_at),
    behind_in_lesson: Number(r.behind),
  }));
}

export async function memberCount(db: Db, p: MeasuredMembers): Promise<number> {
  const { rows } = await readOffLoop(db, sql`select count(*) as n from users u where ${membersOf(p, 'u')}`);
  return Number((rows[0] as Record<string, unknown>).n);
}

/** Seconds the selection's members spent on each measured category's visible videos. */
export async function secondsPerCategory(db: Db, p: MeasuredMembers): Promise<Map<number, number>> {
  if (p.measured.length === 0) return new Map();
  const { rows } = await readOffLoop(
    db,
    sql`${standingOf(p)}
        select s.category_id as category_id, coalesce(sum(s.seconds), 0) as seconds
        from (${memberStandingSql(p, 'members')}) s
        group by s.category_id`,
  );
  return new Map((rows as Record<string, unknown>[]).map((r) => [Number(r.category_id), Number(r.seconds)]));
}

export type Behind = { user_id: number; email: string; name: string; category_id: number; watched: number; total: number };

/** Members of the selection who have not completed a measured category of their path (not started included). */
export async function behindMembers(db: Db, p: MeasuredMembers, excludeUserId: number): Promise<Behind[]> {
  if (p.measured.length === 0) return [];
  const { rows } = await readOffLoop(
    db,
    sql`${standingOf(p)}
        select u.id as user_id, u.email as email, u.name as name, s.category_id as category_id, s.watched as watched, s.total as total
        from (${memberStandingSql(p, 'members')}) s
        join users u on u.id = s.user_id
        where u.id <> ${excludeUserId} and s.watched < s.total
        order by u.id, s.category_id`,
  );
  return (rows as Record<string, unknown>[]).map((r) => ({
    user_id: Number(r.user_id),
    email: String(r.email),
    name: String(r.name),
    category_id: Number(r.category_id),
    watched: Number(r.watched),
    total: Number(r.total),
  }));
}

export const findMember = (db: Db, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'organization_id', 'team_id', 'email', 'name', 'last_name', 'is_guest'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const findCategory = (db: Db, categoryId: number) => db.selectFrom('categories').select(['id', 'name']).where('id', '=', categoryId).executeTakeFirst();

const ALERTS_PER_INSERT = 500;

/** The UTC day of an alert: one alert per member, category and day. */
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Records alerts (one per member and category a day): answers the `(user_id, category_id)` of those recorded now,
 * leaving out the members already alerted today about that category.
 */
export async function insertAlerts(
  db: Db,
  alerts: { userId: number; categoryId: number }[],
  by: { organizationId: number; senderId: number; kind: 'alert' | 'broadcast' },
  t: number,
): Promise<{ user_id: number; category_id: number }[]> {
  const recorded: { user_id: number; category_id: number }[] = [];
  for (let i = 0; i < alerts.length; i += ALERTS_PER_INSERT) {
    const rows = await db
      .insertInto('alerts')
      .values(
        alerts.slice(i, i + ALERTS_PER_INSERT).map((a) => ({
          organization_id: by.organizationId,
          sender_id: by.senderId,
          user_id: a.userId,
          category_id: a.categoryId,
          day: utcDay(t),
          kind: by.kind,
          created_at: t,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'category_id', 'day']).doNothing())
      .returning(['user_id', 'category_id'])
      .execute();
    recorded.push(...rows);
  }
  return recorded;
}
