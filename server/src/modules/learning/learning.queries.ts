import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { jsonArrayOf, jsonRow, jsonValue } from '../../db/dialect.ts';
import { listedAndVisible } from '../videos/index.ts';
import type { DueCertificate } from './learning.rules.ts';

export type Member = {
  id: number;
  organization_id: number | null;
  team_id: number | null;
  timezone: string | null;
  name: string;
  last_name: string;
  role: string | null;
  team: string | null;
  is_guest: number;
};

/** Compiled once, as the other statements every home and activity call runs (db/compiled-once.ts). */
const memberById = compiledOnce((db: Db, userId: number) =>
  db
    .selectFrom('users')
    .leftJoin('teams', 'teams.id', 'users.team_id')
    .select([
      'users.id',
      'users.organization_id',
      'users.team_id',
      'users.timezone',
      'users.name',
      'users.last_name',
      'users.role',
      'teams.name as team',
      'users.is_guest',
    ])
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null),
);

export async function findMember(db: Db, userId: number): Promise<Member | undefined> {
  return (await memberById(db, userId))[0];
}

export type SubCategoryCount = { category_id: number; sub_category_id: number; total: number; watched: number; seconds: number };

export type ListedVideo = { id: number; category_id: number; sub_category_id: number; duration_seconds: number };

/** Every listed video of the catalog (`listedAndVisible` with nothing hidden) with what progress counts by: the same for every member. */
export function listedVideos(db: Db): Promise<ListedVideo[]> {
  return db.selectFrom('videos').select(['id', 'category_id', 'sub_category_id', 'duration_seconds']).where(listedAndVisible([])).execute();
}

/** The names a path card shows, the same for every member: kept with the listed catalog (path-videos.ts). */
export async function catalogNames(db: Db): Promise<{ challenges: Map<number, string>; subCategoryNames: Map<number, string> }> {
  const [categories, subCategories] = await Promise.all([
    db.selectFrom('categories').select(['id', 'challenge']).execute(),
    db.selectFrom('sub_categories').select(['id', 'name']).execute(),
  ]);
  return { challenges: new Map(categories.map((c) => [c.id, c.challenge])), subCategoryNames: new Map(subCategories.map((s) => [s.id, s.name])) };
}

/** A video the member started: whether they watched it and where they stand on it (what resuming needs). */
export type MemberWatchRow = WatchPlace & { category_id: number; watched_at: number | null; last_watched_at: number };

const startedVideos = compiledOnce(
  (db: Db, userId: number) => sql<{ started: unknown }>`
    select ${jsonArrayOf(db, jsonRow(db, sql`v.id, v.category_id, v.duration_seconds, w.position_seconds, w.watched_at, w.last_watched_at`))} as started
    from video_watch w join videos v on v.id = w.video_id where w.user_id = ${userId}
  `,
);

/** Every video the member started, in one statement (one JSON value): their watched set and each category's last video come from it. */
export async function memberWatchRows(db: Db, userId: number): Promise<MemberWatchRow[]> {
  const [row] = await startedVideos(db, userId);
  const started = jsonValue<[number, number, number, number, number | null, number][]>(row?.started ?? '[]');
  return started.map(([id, category_id, duration_seconds, position_seconds, watched_at, last_watched_at]) => ({
    id,
    category_id,
    duration_seconds,
    position_seconds,
    watched_at,
    last_watched_at,
  }));
}

/** The member's own progress rows, in one statement: the videos they watched and the categories they hold a certificate of. */
export async function watchedAndCertified(db: Db, userId: number): Promise<{ watched: Set<number>; certifiedCategories: Set<number> }> {
  const rows = await sql<{ id: number; kind: string }>`
    select video_id as id, 'w' as kind from video_watch where user_id = ${userId} and watched_at is not null
    union all
    select subject_id as id, 'c' as kind from certificates where user_id = ${userId} and kind = 'category'
  `.execute(db);
  const watched = new Set<number>();
  const certifiedCategories = new Set<number>();
  for (const r of rows.rows) (r.kind === 'w' ? watched : certifiedCategories).add(Number(r.id));
  return { watched, certifiedCategories };
}

/** Compiled once: every completing watch report asks it. */
const watchedVideos = compiledOnce((db: Db, userId: number) =>
  db.selectFrom('video_watch').select('video_id').where('user_id', '=', userId).where('watched_at', 'is not', null),
);

/** The videos the member watched (the certificates come with the member's other reads). */
export async function watchedVideoIds(db: Db, userId: number): Promise<Set<number>> {
  return new Set((await watchedVideos(db, userId)).map((r) => r.video_id));
}

export const certificatesOf = compiledOnce((db: Db, userId: number) =>
  db
    .selectFrom('certificates')
    .select(['id', 'kind', 'subject_id', 'category_id', 'sub_category_id', 'issued_at', 'verification_code'])
    .where('user_id', '=', userId)
    .orderBy('issued_at')
    .orderBy('id'),
);

export const findCertificateOwner = (db: Db, certificateId: number) =>
  db.selectFrom('certificates').select(['user_id', 'verification_code']).where('id', '=', certificateId).executeTakeFirst();

export function findCertificate(db: Db, userId: number, kind: 'category' | 'sub_category', subjectId: number) {
  return db
    .selectFrom('certificates')
    .select(['id', 'category_id', 'sub_category_id', 'issued_at', 'verification_code'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
}

/**
 * Inserts the certificate unless the member holds it (UNIQUE (user, kind, subject): a concurrent second issue inserts
 * nothing); answers the new row, or undefined when it was already held.
 */
export function insertCertificate(db: Db, member: { userId: number; organizationId: number | null }, c: DueCertificate, t: number) {
  return db
    .insertInto('certificates')
    .values({
      user_id: member.userId,
      organization_id: member.organizationId,
      kind: c.kind,
      subject_id: c.subjectId,
      category_id: c.categoryId,
      sub_category_id: c.subCategoryId,
      issued_at: t,
      verification_code: crypto.randomBytes(12).toString('hex').toUpperCase(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'subject_id']).doNothing())
    .returning(['id', 'verification_code'])
    .executeTakeFirst();
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
      'certificates.category_id',
      'certificates.sub_category_id',
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

/** A member without points ranks after everyone who earned some at any time. */
const NEVER = Number.MAX_SAFE_INTEGER;
const rankedMembers = (organizationId: number, join = sql``) =>
  sql`from users u left join member_points p on p.user_id = u.id ${join}
      where u.organization_id = ${organizationId} and u.deleted_at is null and u.is_guest = 0`;
/** Ranking order over the kept points: more points, then earlier achievement, then the lower id. */
const rankingOrder = sql`coalesce(p.points, 0) desc, coalesce(p.reached_at, ${NEVER}) asc, u.id asc`;
const personColumns = sql`u.id, u.name, u.last_name, u.picture, u.role, u.team_id, u.bio, u.mobile, coalesce(p.points, 0) as points`;
/** Field by field: a copy made by spreading the driver's row objects costs several times more (a page has a hundred). */
const toRanked = (r: Omit<RankedUser, 'ranking'>, ranking: number): RankedUser => ({
  id: r.id,
  name: r.name,
  last_name: r.last_name,
  picture: r.picture,
  role: r.role,
  team: r.team,
  team_id: r.team_id,
  bio: r.bio,
  mobile: r.mobile,
  points: Number(r.points),
  ranking: Number(ranking),
});

/** Members who rank nowhere though they may hold points: deleted ones and the shared guest (users_unranked_idx). */
const unranked = sql`(u.deleted_at is not null or u.is_guest = 1)`;

/** How many ranked members of the organization hold points: the kept rows minus the few unranked holders. */
async function membersWithPoints(db: Db, organizationId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select (select count(*) from member_points p where p.organization_id = ${organizationId})
         - (select count(*) from users u join member_points p on p.user_id = u.id where u.organization_id = ${organizationId} and ${unranked}) as n
  `.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The members with points, in ranking order: compiled once, every ranking screen opens on it. The page comes back as
 * one JSON value (a row object per member cost more than finding them).
 */
const pointedPage = compiledOnce(
  (db: Db, organizationId: number, take: number, skip: number) => sql<{ page: unknown }>`
    select ${jsonArrayOf(
      db,
      jsonRow(db, sql`r.id, r.name, r.last_name, r.picture, r.role, r.team_id, r.bio, r.mobile, r.points, r.team`),
      sql`r.points desc, r.reached_at asc, r.id asc`,
    )} as page
    from (
      select ${personColumns}, p.reached_at, t.name as team
      from member_points p join users u on u.id = p.user_id left join teams t on t.id = u.team_id
      where p.organization_id = ${organizationId} and u.deleted_at is null and u.is_guest = 0
      order by p.points desc, p.reached_at asc, p.user_id asc
      limit ${take} offset ${skip}
    ) r
  `,
);

type PointedRow = [number, string, string, string | null, string | null, number | null, string, string, number, string | null];

/**
 * A page of the organization's ranking, walked in the kept order (member_points_ranking_idx): the members with points,
 * then those without any by id. No sort of the organization; positions follow from the page's offset.
 */
export async function rankingPage(db: Db, organizationId: number, page: { skip: number; take: number }): Promise<RankedUser[]> {
  const [pointed] = await pointedPage(db, organizationId, page.take, page.skip);
  const ranked = jsonValue<PointedRow[]>(pointed?.page ?? '[]').map(
    ([id, name, last_name, picture, role, team_id, bio, mobile, points, team], i): RankedUser => ({
      id,
      name,
      last_name,
      picture,
      role,
      team,
      team_id,
      bio,
      mobile,
      points: Number(points),
      ranking: page.skip + i + 1,
    }),
  );
  if (ranked.length === page.take) return ranked;
  const before = ranked.length > 0 ? page.skip + ranked.length : await membersWithPoints(db, organizationId);
  const { rows: rest } = await sql<Omit<RankedUser, 'ranking'>>`
    select ${personColumns}, t.name as team
    ${rankedMembers(organizationId, sql`left join teams t on t.id = u.team_id`)} and p.user_id is null
    order by u.id
    limit ${page.take - ranked.length} offset ${Math.max(0, page.skip - before)}
  `.execute(db);
  const firstPosition = Math.max(page.skip, before) + 1;
  return [...ranked, ...rest.map((r, i) => toRanked(r, firstPosition + i))];
}

/**
 * One member's position and points: 1 + how many ranked members come before them, counted on the kept order
 * (two index ranges, less the few unranked holders among them) rather than by ranking the organization.
 */
export async function rankOf(db: Db, organizationId: number, userId: number): Promise<{ ranking: number; points: number }> {
  // The member's kept points and the members before them, in one statement when they hold points (most members do).
  const me = (await memberPosition(db, organizationId, userId))[0];
  if (me) return { ranking: Number(me.n) + 1, points: Number(me.points) };
  // No points: after every member who has some, then by id among those without.
  const { rows: without } = await sql<{ n: number }>`
    select count(*) as n ${rankedMembers(organizationId)} and p.user_id is null and u.id < ${userId}
  `.execute(db);
  return { ranking: (await membersWithPoints(db, organizationId)) + Number(without[0]?.n ?? 0) + 1, points: 0 };
}

const memberPosition = compiledOnce(
  (_db: Db, organizationId: number, userId: number) => sql<{ points: number; n: number }>`
    select m.points,
           (select count(*) from member_points p where p.organization_id = m.organization_id and p.points > m.points)
         + (select count(*) from member_points p
            where p.organization_id = m.organization_id and p.points = m.points and (p.reached_at, p.user_id) < (m.reached_at, m.user_id))
         - (select count(*) from users u join member_points p on p.user_id = u.id
            where u.organization_id = m.organization_id and ${unranked}
              and (p.points > m.points or (p.points = m.points and (p.reached_at, p.user_id) < (m.reached_at, m.user_id)))) as n
    from member_points m where m.user_id = ${userId} and m.organization_id = ${organizationId}
  `,
);

/** People of the organization (or one team) by name, each with their organization-wide position: one window over the kept points. */
export async function peopleByName(db: Db, organizationId: number, filter: { teamId?: number; skip: number; take: number }): Promise<RankedUser[]> {
  const result = await sql<RankedUser>`
    with r as (
      select ${personColumns}, row_number() over (order by ${rankingOrder}) as ranking
      ${rankedMembers(organizationId)}
    )
    select r.id, r.name, r.last_name, r.picture, r.role, t.name as team, r.team_id, r.bio, r.mobile, r.points, r.ranking
    from r left join teams t on t.id = r.team_id
    ${filter.teamId === undefined ? sql`` : sql`where r.team_id = ${filter.teamId}`}
    order by lower(r.name), lower(r.last_name), r.id
    limit ${filter.take} offset ${filter.skip}
  `.execute(db);
  return result.rows.map((r) => toRanked(r, r.ranking));
}

const watching = compiledOnce(
  (db: Db, userId: number, daysSince: string, videosSince: string) => sql<{ days: unknown; videos: number }>`
    select (select ${jsonArrayOf(db, sql`d.day`)} from (select day from video_watch_days where user_id = ${userId} and day >= ${daysSince} group by day) d) as days,
           (select count(distinct video_id) from video_watch_days where user_id = ${userId} and day >= ${videosSince}) as videos
  `,
);

/**
 * The member's watching over two windows in one statement: the days with watching since `daysSince` (for the streak)
 * and how many distinct videos they watched since `videosSince` (the week).
 */
export async function watchingSince(db: Db, userId: number, since: { days: string; videos: string }): Promise<{ days: string[]; videos: number }> {
  const [row] = await watching(db, userId, since.days, since.videos);
  return { days: jsonValue<string[]>(row?.days ?? '[]'), videos: Number(row?.videos ?? 0) };
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

export function firstLoginFlags(db: Db, userId: number) {
  return db.selectFrom('users').select(['first_login', 'logged_in_account']).where('id', '=', userId).executeTakeFirstOrThrow();
}

/** Where a member stands on a video: what resuming needs. */
export type WatchPlace = { id: number; position_seconds: number; duration_seconds: number };

/** The videos a member started, with what resuming needs; callers add their filter and order. */
const watchPlaces = (db: Db, userId: number) =>
  db
    .selectFrom('video_watch')
    .innerJoin('videos', 'videos.id', 'video_watch.video_id')
    .select(['videos.id', 'video_watch.position_seconds', 'videos.duration_seconds'])
    .where('video_watch.user_id', '=', userId);

/** The member's most recently watched video of the category. */
export async function lastWatchedInCategory(db: Db, userId: number, categoryId: number): Promise<WatchPlace | null> {
  const row = await watchPlaces(db, userId)
    .where('videos.category_id', '=', categoryId)
    .orderBy('video_watch.last_watched_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** The member's most recently watched video. */
export async function lastWatchedByUser(db: Db, userId: number): Promise<WatchPlace | null> {
  const row = await watchPlaces(db, userId).orderBy('video_watch.last_watched_at', 'desc').limit(1).executeTakeFirst();
  return row ?? null;
}
