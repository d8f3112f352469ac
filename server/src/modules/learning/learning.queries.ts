import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/client.ts';

export type Member = {
  id: number;
  organization_id: number | null;
  team_id: number | null;
  timezone: string | null;
  name: string;
  last_name: string;
  role: string | null;
  team: string | null;
};

export function findMember(db: Db, userId: number): Promise<Member | undefined> {
  return db
    .selectFrom('users')
    .leftJoin('teams', 'teams.id', 'users.team_id')
    .select(['users.id', 'users.organization_id', 'users.team_id', 'users.timezone', 'users.name', 'users.last_name', 'users.role', 'teams.name as team'])
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
}

export type SubCategoryCount = { category_id: number; sub_category_id: number; total: number; watched: number; seconds: number };

/** Listed (in_test) videos of the given categories, minus the hidden ones, with the member's watched count, per sub-category. */
export async function countsBySubCategory(db: Db, userId: number, categoryIds: number[], hiddenVideoIds: number[]): Promise<SubCategoryCount[]> {
  if (categoryIds.length === 0) return [];
  let query = db
    .selectFrom('videos')
    .leftJoin('video_watch', (j) => j.onRef('video_watch.video_id', '=', 'videos.id').on('video_watch.user_id', '=', userId))
    .select((eb) => [
      'videos.category_id',
      'videos.sub_category_id',
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('video_watch.watched_at').as('watched'),
      eb.fn.sum<number>('videos.duration_seconds').as('seconds'),
    ])
    .where('videos.category_id', 'in', categoryIds)
    .where('videos.in_test', '=', 1)
    .groupBy(['videos.category_id', 'videos.sub_category_id']);
  if (hiddenVideoIds.length > 0) query = query.where('videos.id', 'not in', hiddenVideoIds);
  const rows = await query.execute();
  return rows.map((r) => ({
    category_id: r.category_id,
    sub_category_id: r.sub_category_id,
    total: Number(r.total),
    watched: Number(r.watched),
    seconds: Number(r.seconds ?? 0),
  }));
}

export function certificatesOf(db: Db, userId: number) {
  return db
    .selectFrom('certificates')
    .select(['id', 'kind', 'subject_id', 'category_id', 'sub_category_id', 'issued_at', 'verification_code'])
    .where('user_id', '=', userId)
    .orderBy('issued_at')
    .orderBy('id')
    .execute();
}

export function findCertificate(db: Db, userId: number, kind: 'category' | 'sub_category', subjectId: number) {
  return db
    .selectFrom('certificates')
    .select(['id', 'category_id', 'sub_category_id', 'issued_at', 'verification_code'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
}

/** Issues a certificate once: a concurrent second issue hits the UNIQUE (user, kind, subject) and changes nothing. */
export async function issueCertificate(
  db: Db,
  c: {
    userId: number;
    organizationId: number | null;
    kind: 'category' | 'sub_category';
    subjectId: number;
    categoryId: number;
    subCategoryId: number | null;
    t: number;
  },
): Promise<void> {
  await db
    .insertInto('certificates')
    .values({
      user_id: c.userId,
      organization_id: c.organizationId,
      kind: c.kind,
      subject_id: c.subjectId,
      category_id: c.categoryId,
      sub_category_id: c.subCategoryId,
      issued_at: c.t,
      verification_code: crypto.randomBytes(12).toString('hex').toUpperCase(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'subject_id']).doNothing())
    .execute();
}

export function findCertificateByCode(db: Db, code: string) {
  return db
    .selectFrom('certificates')
    .innerJoin('users', 'users.id', 'certificates.user_id')
    .innerJoin('categories', 'categories.id', 'certificates.category_id')
    .leftJoin('sub_categories', 'sub_categories.id', 'certificates.sub_category_id')
    .leftJoin('organizations', 'organizations.id', 'certificates.organization_id')
    .select([
      'certificates.id',
      'certificates.user_id',
      'certificates.organization_id',
      'certificates.kind',
      'certificates.issued_at',
      'certificates.verification_code',
      'users.name',
      'users.last_name',
      'categories.name as category_name',
      'sub_categories.name as sub_category_name',
      'organizations.name as organization_name',
    ])
    .where('certificates.verification_code', '=', code)
    .executeTakeFirst();
}

export function categoryNames(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('categories').select(['id', 'name', 'picture', 'challenge']).where('id', 'in', ids).execute();
}

export function subCategoryNames(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('sub_categories').select(['id', 'name', 'category_id']).where('id', 'in', ids).execute();
}

export type RankedUser = {
  id: number;
  name: string;
  last_name: string;
  picture: string | null;
  role: string | null;
  team: string | null;
  team_id: number | null;
  bio: string;
  mobile: string;
  points: number;
  ranking: number;
};

/**
 * The organization's ranking in one statement: points from aggregates (watched videos, micro-certificates,
 * certificates), ordered by points, then earlier achievement, then id; filtered afterwards by team or user.
 */
export async function ranking(
  db: Db,
  dialect: Dialect,
  organizationId: number,
  filter: { userId?: number; teamId?: number; order: 'name' | 'ranking'; skip?: number; take?: number },
): Promise<RankedUser[]> {
  const greatest = dialect === 'postgres' ? sql`greatest` : sql`max`;
  const where = [sql`1 = 1`];
  if (filter.userId !== undefined) where.push(sql`r.id = ${filter.userId}`);
  if (filter.teamId !== undefined) where.push(sql`r.team_id = ${filter.teamId}`);
  const order = filter.order === 'ranking' ? sql`r.ranking` : sql`lower(r.name), lower(r.last_name), r.id`;
  const take = filter.take ?? 100;
  const skip = filter.skip ?? 0;
  const result = await sql<RankedUser>`
    with members as (
      select u.id, u.name, u.last_name, u.picture, u.role, u.team_id, t.name as team, u.bio, u.mobile
      from users u left join teams t on t.id = u.team_id
      where u.organization_id = ${organizationId} and u.deleted_at is null and u.is_guest = 0
    ),
    watched as (
      select w.user_id, count(*) as n, max(w.watched_at) as last_at
      from video_watch w
      where w.watched_at is not null and w.user_id in (select id from members)
      group by w.user_id
    ),
    certs as (
      select c.user_id,
        sum(case when c.kind = 'sub_category' then 1 else 0 end) as micro,
        sum(case when c.kind = 'category' then 1 else 0 end) as full_count,
        max(c.issued_at) as last_at
      from certificates c
      where c.user_id in (select id from members)
      group by c.user_id
    ),
    scored as (
      select m.*,
        coalesce(w.n, 0) * 10 + coalesce(c.micro, 0) * 50 + coalesce(c.full_count, 0) * 100 as points,
        ${greatest}(coalesce(w.last_at, 0), coalesce(c.last_at, 0)) as reached_at
      from members m left join watched w on w.user_id = m.id left join certs c on c.user_id = m.id
    ),
    r as (
      select scored.*, row_number() over (order by points desc, reached_at asc, id asc) as ranking from scored
    )
    select r.id, r.name, r.last_name, r.picture, r.role, r.team, r.team_id, r.bio, r.mobile, r.points, r.ranking
    from r where ${sql.join(where, sql` and `)}
    order by ${order}
    limit ${take} offset ${skip}
  `.execute(db);
  return result.rows.map((r) => ({ ...r, points: Number(r.points), ranking: Number(r.ranking) }));
}

export async function watchDays(db: Db, userId: number, since: string): Promise<string[]> {
  const rows = await db.selectFrom('video_watch_days').select('day').distinct().where('user_id', '=', userId).where('day', '>=', since).execute();
  return rows.map((r) => r.day);
}

export async function videosWatchedSince(db: Db, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('video_watch_days')
    .select((eb) => eb.fn.count<number>('video_id').distinct().as('n'))
    .where('user_id', '=', userId)
    .where('day', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findTeam(db: Db, organizationId: number, team: number | string) {
  let q = db.selectFrom('teams').select(['id', 'name', 'organization_id']).where('organization_id', '=', organizationId).where('deleted_at', 'is', null);
  q = typeof team === 'number' ? q.where('id', '=', team) : q.where('name', '=', team);
  return q.executeTakeFirst();
}

export function findTeamById(db: Db, teamId: number) {
  return db.selectFrom('teams').select(['id', 'name', 'organization_id']).where('id', '=', teamId).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function recordChallenge(
  db: Db,
  c: { userId: number; categoryId: number; type: string; description: string; status: string; t: number },
): Promise<number> {
  const row = await db
    .insertInto('challenges')
    .values({ user_id: c.userId, category_id: c.categoryId, challenge_type: c.type, description: c.description, status: c.status, created_at: c.t })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markFirstLoginPush(db: Db, userId: number) {
  await db.updateTable('users').set({ first_login: 1 }).where('id', '=', userId).execute();
  return db.selectFrom('users').select(['first_login', 'logged_in_account']).where('id', '=', userId).executeTakeFirstOrThrow();
}

export async function lastWatchedByCategory(db: Db, userId: number, categoryIds: number[]): Promise<Map<number, number>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('video_watch')
    .innerJoin('videos', 'videos.id', 'video_watch.video_id')
    .select(['videos.category_id', 'videos.id', 'video_watch.last_watched_at'])
    .where('video_watch.user_id', '=', userId)
    .where('videos.category_id', 'in', categoryIds)
    .orderBy('video_watch.last_watched_at', 'desc')
    .execute();
  const map = new Map<number, number>();
  for (const r of rows) if (!map.has(r.category_id)) map.set(r.category_id, r.id);
  return map;
}
