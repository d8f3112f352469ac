import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/**
 * Dashboard aggregates: every figure is a GROUP BY over video_watch joined to the visible videos of the
 * selection's learning path (path categories minus hidden videos). No query runs per member.
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

/** The visible videos of the measured categories, as a condition on the videos alias `v`. */
function visible(s: Selection): RawBuilder<unknown> {
  return sql`v.category_id in (${ids(s.categoryIds)})${s.hiddenVideoIds.length > 0 ? sql` and v.id not in (${ids(s.hiddenVideoIds)})` : sql``}`;
}

const totalsSql = (s: Selection) =>
  sql`select v.category_id as category_id, count(*) as total, coalesce(sum(v.duration_seconds), 0) as seconds
      from videos v where ${visible(s)} group by v.category_id`;

/** Watched (watched_at set) and started videos per member and category, with the first start. */
const perUserCategorySql = (s: Selection) =>
  sql`select w.user_id as user_id, v.category_id as category_id, count(w.watched_at) as watched, count(*) as started,
             min(w.created_at) as first_at
      from video_watch w
      join videos v on v.id = w.video_id
      join users u on u.id = w.user_id
      where ${visible(s)} and ${members(s, 'u')}
      group by w.user_id, v.category_id`;

export type CategoryTotal = { category_id: number; total: number; seconds: number };

export async function categoryTotals(db: Db, s: Selection): Promise<CategoryTotal[]> {
  if (s.categoryIds.length === 0) return [];
  const { rows } = await totalsSql(s).execute(db);
  return (rows as Record<string, unknown>[]).map((r) => ({ category_id: Number(r.category_id), total: Number(r.total), seconds: Number(r.seconds) }));
}

export type MemberWatched = { user_id: number; name: string; last_name: string; picture: string | null; watched: number };

/** Every member of the selection with the number of measured videos they watched (0 when none). */
export async function watchedPerMember(db: Db, s: Selection): Promise<MemberWatched[]> {
  const watched =
    s.categoryIds.length === 0
      ? sql`select w.user_id as user_id, count(*) as watched from video_watch w where 1 = 0 group by w.user_id`
      : sql`select w.user_id as user_id, count(*) as watched
            from video_watch w
            join videos v on v.id = w.video_id
            join users u2 on u2.id = w.user_id
            where w.watched_at is not null and ${visible(s)} and ${members(s, 'u2')}
            group by w.user_id`;
  const { rows } = await sql`select u.id as user_id, u.name as name, u.last_name as last_name, u.picture as picture,
                                    coalesce(s.watched, 0) as watched
                             from users u left join (${watched}) s on s.user_id = u.id
                             where ${members(s, 'u')}
                             order by u.name, u.last_name, u.id`.execute(db);
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
};

/** The category's visible-video total as a SQL CASE over v.category_id (totals come from categoryTotals, one cheap query). */
const totalOf = (totals: CategoryTotal[]) =>
  sql`case v.category_id ${sql.join(
    totals.map((t) => sql`when ${sql.lit(t.category_id)} then ${sql.lit(t.total)}`),
    sql` `,
  )} else 0 end`;

/** Members who started a category (at least one watch row) and have not watched all its visible videos. */
export async function startedNotFinished(db: Db, s: Selection, totals: CategoryTotal[]): Promise<AlertRow[]> {
  if (totals.length === 0) return [];
  const { rows } = await sql`select w.user_id as user_id, v.category_id as category_id, min(u.name) as name, min(u.last_name) as last_name,
                                    min(u.picture) as picture, count(w.watched_at) as watched, min(${totalOf(totals)}) as total,
                                    min(w.created_at) as first_at
                             from video_watch w
                             join videos v on v.id = w.video_id
                             join users u on u.id = w.user_id
                             where ${visible(s)} and ${members(s, 'u')}
                             group by w.user_id, v.category_id
                             having count(w.watched_at) < min(${totalOf(totals)})
                             order by first_at, user_id`.execute(db);
  return (rows as Record<string, unknown>[]).map((r) => ({
    user_id: Number(r.user_id),
    category_id: Number(r.category_id),
    name: String(r.name),
    last_name: String(r.last_name ?? ''),
    picture: (r.picture as string | null) ?? null,
    watched: Number(r.watched),
    total: Number(r.total),
    first_at: Number(r.first_at),
  }));
}

/** Per measured category: how many members of the selection watched every visible video. */
export async function completedPerCategory(db: Db, s: Selection, totals: CategoryTotal[]): Promise<Map<number, number>> {
  if (totals.length === 0) return new Map();
  const { rows } = await sql`select x.category_id as category_id, count(*) as completed
                             from (select w.user_id as user_id, v.category_id as category_id
                                   from video_watch w
                                   join videos v on v.id = w.video_id
                                   join users u on u.id = w.user_id
                                   where w.watched_at is not null and ${visible(s)} and ${members(s, 'u')}
                                   group by w.user_id, v.category_id
                                   having count(*) >= min(${totalOf(totals)})) x
                             group by x.category_id`.execute(db);
  return new Map((rows as Record<string, unknown>[]).map((r) => [Number(r.category_id), Number(r.completed)]));
}

export async function memberCount(db: Db, s: Selection): Promise<number> {
  const { rows } = await sql`select count(*) as n from users u where ${members(s, 'u')}`.execute(db);
  return Number((rows[0] as Record<string, unknown>).n);
}

/** Seconds the selection's members spent on each measured category's visible videos. */
export async function secondsPerCategory(db: Db, s: Selection): Promise<Map<number, number>> {
  if (s.categoryIds.length === 0) return new Map();
  const { rows } = await sql`select v.category_id as category_id, coalesce(sum(w.seconds), 0) as seconds
                             from video_watch w
                             join videos v on v.id = w.video_id
                             join users u on u.id = w.user_id
                             where ${visible(s)} and ${members(s, 'u')}
                             group by v.category_id`.execute(db);
  return new Map((rows as Record<string, unknown>[]).map((r) => [Number(r.category_id), Number(r.seconds)]));
}

export type Behind = { user_id: number; email: string; name: string; category_id: number; watched: number; total: number };

/** Members of the selection who have not watched every visible video of a measured category (not started included). */
export async function behindMembers(db: Db, s: Selection, excludeUserId: number): Promise<Behind[]> {
  if (s.categoryIds.length === 0) return [];
  const { rows } = await sql`select u.id as user_id, u.email as email, u.name as name, t.category_id as category_id,
                                    coalesce(x.watched, 0) as watched, t.total as total
                             from users u
                             cross join (${totalsSql(s)}) t
                             left join (${perUserCategorySql(s)}) x on x.user_id = u.id and x.category_id = t.category_id
                             where ${members(s, 'u')} and u.id <> ${excludeUserId} and coalesce(x.watched, 0) < t.total
                             order by u.id, t.category_id`.execute(db);
  return (rows as Record<string, unknown>[]).map((r) => ({
    user_id: Number(r.user_id),
    email: String(r.email),
    name: String(r.name),
    category_id: Number(r.category_id),
    watched: Number(r.watched),
    total: Number(r.total),
  }));
}

export const findTeam = (db: Db, organizationId: number, teamId: number) =>
  db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('id', '=', teamId)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const findMember = (db: Db, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'organization_id', 'team_id', 'email', 'name', 'last_name', 'is_guest'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const findCategory = (db: Db, categoryId: number) => db.selectFrom('categories').select(['id', 'name']).where('id', '=', categoryId).executeTakeFirst();
