import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { readOffLoop } from '../../db/read-pool.ts';

/**
 * Dashboard aggregates over the kept per-member, per-category figures (member_category_stats, one row per
 * member and category started), measured against the selection's learning path: its categories, listed
 * videos only, minus the hidden videos (whose watch rows are subtracted; hidden videos are few). No query
 * runs per member and none reads the whole watch history.
 */
export type Selection = {
  organizationId: number;
  /** null: the whole organization. */
  teamId: number | null;
  /** Categories measured (a filter of the path's categories). */
  categoryIds: number[];
  hiddenVideoIds: number[];
  /** Restrict to one member (alert of one user). */
  userId?: number;
};

const ids = (values: number[]) =>
  sql.join(
    values.map((v) => sql.lit(Math.trunc(v))),
    sql`, `,
  );

/** Live, non-guest members of the selection, as a condition on the users alias `u`. */
function members(s: Selection, alias: string): RawBuilder<unknown> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  return sql`${col('organization_id')} = ${s.organizationId} and ${col('deleted_at')} is null and ${col('is_guest')} = 0${
    s.teamId === null ? sql`` : sql` and ${col('team_id')} = ${s.teamId}`
  }${s.userId === undefined ? sql`` : sql` and ${col('id')} = ${s.userId}`}`;
}

/** The listed videos of the measured categories visible to the selection, as a condition on the videos alias `v`. */
function visible(s: Selection): RawBuilder<unknown> {
  return sql`v.in_test = 1 and v.category_id in (${ids(s.categoryIds)})${s.hiddenVideoIds.length > 0 ? sql` and v.id not in (${ids(s.hiddenVideoIds)})` : sql``}`;
}

const totalsSql = (s: Selection) =>
  sql`select v.category_id as category_id, count(*) as total, coalesce(sum(v.duration_seconds), 0) as seconds
      from videos v where ${visible(s)} group by v.category_id`;

/**
 * The selection's membership as a set computed once per statement (a CTE to put in front of it) and the
 * condition on the kept rows' user id, instead of a users lookup per row: for the whole organization, its
 * deleted and guest accounts to leave out (kept rows carry the organization, and members never change
 * organization); for a team or one member, their ids.
 */
function membershipOf(s: Selection): { cte: RawBuilder<unknown>; test: RawBuilder<unknown> } {
  if (s.teamId === null && s.userId === undefined) {
    return {
      cte: sql`selection_outsiders as (select x.id from users x where x.organization_id = ${s.organizationId} and (x.deleted_at is not null or x.is_guest <> 0))`,
      test: sql`m.user_id not in (select id from selection_outsiders)`,
    };
  }
  return { cte: sql`selection_members as (select x.id from users x where ${members(s, 'x')})`, test: sql`m.user_id in (select id from selection_members)` };
}

/**
 * Per member of the selection and measured category they started: visible videos started and watched,
 * seconds spent, first start (the first start may be on a hidden video: the kept figures have no per-video dates).
 * `drive` picks the loop: 'members' (CROSS JOIN fixes SQLite's order) probes each member's rows by primary key,
 * best for aggregates over everyone; 'first-start' walks the covering (organization, category, first start)
 * index with no per-row join, best for an ORDER BY first_at LIMIT that stops early (the statement must
 * start with `with ${membershipOf(s).cte}`).
 */
function perMemberCategorySql(s: Selection, categoryIds = s.categoryIds, drive: 'members' | 'first-start' = 'members'): RawBuilder<unknown> {
  const kept = drive === 'members' ? sql`from users u cross join member_category_stats m` : sql`from member_category_stats m`;
  const membership = drive === 'members' ? sql`u.id = m.user_id and ${members(s, 'u')}` : membershipOf(s).test;
  const where = sql`where m.organization_id = ${s.organizationId} and m.category_id in (${ids(categoryIds)}) and ${membership}`;
  if (s.hiddenVideoIds.length === 0) {
    return sql`select m.user_id as user_id, m.category_id as category_id, m.started as started, m.watched as watched,
                      m.seconds as seconds, m.first_at as first_at
               ${kept} ${where}`;
  }
  return sql`select m.user_id as user_id, m.category_id as category_id, m.started - coalesce(h.started, 0) as started,
                    m.watched - coalesce(h.watched, 0) as watched, m.seconds - coalesce(h.seconds, 0) as seconds, m.first_at as first_at
             ${kept}
             left join (select w.user_id as user_id, v.category_id as category_id, count(*) as started, count(w.watched_at) as watched,
                               sum(w.seconds) as seconds
                        from video_watch w
                        join videos v on v.id = w.video_id
                        join users hu on hu.id = w.user_id
                        where w.video_id in (${ids(s.hiddenVideoIds)}) and v.in_test = 1 and v.category_id in (${ids(categoryIds)})
                          and ${members(s, 'hu')}
                        group by w.user_id, v.category_id) h on h.user_id = m.user_id and h.category_id = m.category_id
             ${where}`;
}

export type CategoryTotal = { category_id: number; total: number; seconds: number };

export async function categoryTotals(db: Db, s: Selection): Promise<CategoryTotal[]> {
  if (s.categoryIds.length === 0) return [];
  const { rows } = await readOffLoop(db, totalsSql(s));
  return (rows as Record<string, unknown>[]).map((r) => ({ category_id: Number(r.category_id), total: Number(r.total), seconds: Number(r.seconds) }));
}

export type MemberWatched = { user_id: number; name: string; last_name: string; picture: string | null; watched: number };

/** Every member of the selection with the number of measured videos they watched (0 when none). */
export async function watchedPerMember(db: Db, s: Selection): Promise<MemberWatched[]> {
  const watched =
    s.categoryIds.length === 0
      ? sql`select 0 as user_id, 0 as watched where 1 = 0`
      : sql`select p.user_id as user_id, sum(p.watched) as watched from (${perMemberCategorySql(s)}) p group by p.user_id`;
  const { rows } = await readOffLoop(
    db,
    sql`select u.id as user_id, u.name as name, u.last_name as last_name, u.picture as picture,
                                    coalesce(x.watched, 0) as watched
                             from users u left join (${watched}) x on x.user_id = u.id
                             where ${members(s, 'u')}
                             order by u.name, u.last_name, u.id`,
  );
  return (rows as Record<string, unknown>[]).map((r) => ({
    user_id: Number(r.user_id),
    name: String(r.name),
    last_name: String(r.last_name ?? ''),
    picture: (r.picture as string | null) ?? null,
    watched: Number(r.watched),
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

/** The category's visible-video total as a SQL CASE over a category id column (totals come from categoryTotals, one cheap query). */
const totalOf = (column: RawBuilder<unknown>, totals: CategoryTotal[]) =>
  sql`case ${column} ${sql.join(
    totals.map((t) => sql`when ${sql.lit(t.category_id)} then ${sql.lit(t.total)}`),
    sql` `,
  )} else 0 end`;

/**
 * Members who started a category and have not watched all its visible videos: per category the `limit`
 * who started longest ago (the ones most worth a nudge), and how many there are, counted up to `countCap`.
 * Both are index walks per category in first-start order that stop early, so the work is bounded
 * whatever the organization's size.
 */
export async function startedNotFinished(db: Db, s: Selection, totals: CategoryTotal[], limit: number, countCap: number): Promise<AlertRow[]> {
  if (totals.length === 0) return [];
  const behind = sql`p.started > 0 and p.watched < ${totalOf(sql`p.category_id`, totals)}`;
  const walk = (categoryId: number, rows: number) =>
    sql`select p.user_id as user_id, p.category_id as category_id, p.watched as watched, p.first_at as first_at
        from (${perMemberCategorySql(s, [categoryId], 'first-start')}) p
        where ${behind}
        order by p.first_at, p.user_id
        limit ${sql.lit(rows)}`;
  const firstOfEach = sql.join(
    totals.map((t) => sql`select * from (${walk(t.category_id, limit)}) ${sql.id(`c${t.category_id}`)}`),
    sql` union all `,
  );
  const countOfEach = sql.join(
    totals.map(
      (t) => sql`select ${sql.lit(t.category_id)} as category_id, count(*) as behind from (${walk(t.category_id, countCap)}) ${sql.id(`n${t.category_id}`)}`,
    ),
    sql` union all `,
  );
  const { cte } = membershipOf(s);
  const [listed, counts] = await Promise.all([
    readOffLoop(
      db,
      sql`with ${cte}
        select l.user_id as user_id, l.category_id as category_id, u.name as name, u.last_name as last_name, u.picture as picture,
               l.watched as watched, l.first_at as first_at
        from (${firstOfEach}) l join users u on u.id = l.user_id
        order by l.first_at, l.user_id`,
    ),
    readOffLoop(db, sql`with ${cte} ${countOfEach}`),
  ]);
  const totalIn = new Map(totals.map((t) => [t.category_id, t.total]));
  const behindIn = new Map((counts.rows as Record<string, unknown>[]).map((r) => [Number(r.category_id), Number(r.behind)]));
  return (listed.rows as Record<string, unknown>[]).map((r) => ({
    user_id: Number(r.user_id),
    category_id: Number(r.category_id),
    name: String(r.name),
    last_name: String(r.last_name ?? ''),
    picture: (r.picture as string | null) ?? null,
    watched: Number(r.watched),
    total: totalIn.get(Number(r.category_id)) ?? 0,
    first_at: Number(r.first_at),
    behind_in_category: behindIn.get(Number(r.category_id)) ?? 0,
  }));
}

/** Per measured category: how many members of the selection watched every visible video. */
export async function completedPerCategory(db: Db, s: Selection, totals: CategoryTotal[]): Promise<Map<number, number>> {
  if (totals.length === 0) return new Map();
  const { rows } = await readOffLoop(
    db,
    sql`select p.category_id as category_id, count(*) as completed
                             from (${perMemberCategorySql(s)}) p
                             where p.watched >= ${totalOf(sql`p.category_id`, totals)}
                             group by p.category_id`,
  );
  return new Map((rows as Record<string, unknown>[]).map((r) => [Number(r.category_id), Number(r.completed)]));
}

export async function memberCount(db: Db, s: Selection): Promise<number> {
  const { rows } = await readOffLoop(db, sql`select count(*) as n from users u where ${members(s, 'u')}`);
  return Number((rows[0] as Record<string, unknown>).n);
}

/** Seconds the selection's members spent on each measured category's visible videos. */
export async function secondsPerCategory(db: Db, s: Selection): Promise<Map<number, number>> {
  if (s.categoryIds.length === 0) return new Map();
  const { rows } = await readOffLoop(
    db,
    sql`select p.category_id as category_id, coalesce(sum(p.seconds), 0) as seconds
                             from (${perMemberCategorySql(s)}) p
                             group by p.category_id`,
  );
  return new Map((rows as Record<string, unknown>[]).map((r) => [Number(r.category_id), Number(r.seconds)]));
}

export type Behind = { user_id: number; email: string; name: string; category_id: number; watched: number; total: number };

/** Members of the selection who have not watched every visible video of a measured category (not started included). */
export async function behindMembers(db: Db, s: Selection, excludeUserId: number): Promise<Behind[]> {
  if (s.categoryIds.length === 0) return [];
  const { rows } = await readOffLoop(
    db,
    sql`select u.id as user_id, u.email as email, u.name as name, t.category_id as category_id,
                                    coalesce(x.watched, 0) as watched, t.total as total
                             from users u
                             cross join (${totalsSql(s)}) t
                             left join (${perMemberCategorySql(s)}) x on x.user_id = u.id and x.category_id = t.category_id
                             where ${members(s, 'u')} and u.id <> ${excludeUserId} and coalesce(x.watched, 0) < t.total
                             order by u.id, t.category_id`,
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
