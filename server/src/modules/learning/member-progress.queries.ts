import { type RawBuilder, sql } from 'kysely';

/**
 * Members' standing per category, many members in one statement (the team dashboard, alerts and their e-mails): each
 * member measured against the learning path THEY follow (issue 33), over the kept per-member, per-category figures
 * (member_category_stats: listed videos only), minus their path's hidden videos (whose watch rows are subtracted;
 * hidden videos are few). `watched` is already credited as learning.rules' `creditedVideos` says: the whole visible
 * total once the category's certificate is held, never more than the total. No statement runs per member.
 */
export type MeasuredMembers = {
  organizationId: number;
  /** null: the whole organization. */
  teamId: number | null;
  /** One member only (an alert). */
  userId?: number;
  /** Live teams that follow a path of their own; every other member follows the organization's (path key 0). */
  ownPathTeamIds: number[];
  /** Per path key, the categories measured with their visible (listed, not hidden) video count. */
  measured: { pathKey: number; categoryId: number; total: number }[];
  /** Per path key, the listed videos it hides, with their category. */
  hidden: { pathKey: number; videoId: number; categoryId: number }[];
  /** Per path key, the organization's own published lessons it holds, each measured as one video (home's count). */
  lessons?: { pathKey: number; lessonId: number }[];
};

const lit = (v: number) => sql.lit(Math.trunc(v));
const list = (values: number[]) =>
  sql.join(
    values.map((v) => lit(v)),
    sql`, `,
  );

/** Live, non-guest members of the selection, as a condition on the users alias. */
export function membersOf(p: Pick<MeasuredMembers, 'organizationId' | 'teamId' | 'userId'>, alias: string): RawBuilder<unknown> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  return sql`${col('organization_id')} = ${p.organizationId} and ${col('deleted_at')} is null and ${col('is_guest')} = 0${
    p.teamId === null ? sql`` : sql` and ${col('team_id')} = ${p.teamId}`
  }${p.userId === undefined ? sql`` : sql` and ${col('id')} = ${p.userId}`}`;
}

/** The path key of the member in the users alias: their team's id when it has a path of its own, else 0. */
function pathKeyOf(p: MeasuredMembers, alias: string): RawBuilder<unknown> {
  if (p.ownPathTeamIds.length === 0) return sql`0`;
  const team = sql.ref(`${alias}.team_id`);
  return sql`case when ${team} in (${list(p.ownPathTeamIds)}) then ${team} else 0 end`;
}

/**
 * The CTEs every statement over `memberStandingSql` or `memberLessonsSql` starts with (`with ${measuredCtes(p)} ...`):
 * only the non-empty lists (a `values` list cannot be empty), so the caller needs `p.measured` or `p.lessons`.
 */
export function measuredCtes(p: MeasuredMembers): RawBuilder<unknown> {
  const rows = (values: number[][]) =>
    sql.join(
      values.map((r) => sql`(${list(r)})`),
      sql`, `,
    );
  const ctes: RawBuilder<unknown>[] = [];
  if (p.measured.length > 0)
    ctes.push(sql`measured_categories (path_key, category_id, total) as (values ${rows(p.measured.map((m) => [m.pathKey, m.categoryId, m.total]))})`);
  if (p.hidden.length > 0)
    ctes.push(sql`hidden_videos (path_key, video_id, category_id) as (values ${rows(p.hidden.map((h) => [h.pathKey, h.videoId, h.categoryId]))})`);
  if (p.lessons?.length) ctes.push(sql`measured_lessons (path_key, lesson_id) as (values ${rows(p.lessons.map((l) => [l.pathKey, l.lessonId]))})`);
  return sql.join(ctes, sql`, `);
}

/**
 * Per member of the selection whose path holds own lessons: user_id, total (the path's published own lessons) and
 * watched (those the member has watched, at the 90% rule of studio_lesson_watches), one statement for every member:
 * each lesson counts as one video, as home counts it. `p.lessons` must not be empty.
 */
export function memberLessonsSql(p: MeasuredMembers): RawBuilder<unknown> {
  return sql`select u.id as user_id, count(*) as total, count(w.watched_at) as watched
             from users u
             join measured_lessons ml on ml.path_key = ${pathKeyOf(p, 'u')}
             left join studio_lesson_watches w on w.user_id = u.id and w.lesson_id = ml.lesson_id
             where ${membersOf(p, 'u')}
             group by u.id`;
}

/**
 * Per measured own lesson: how many members of the selection whose path measures it have watched it (at the 90% rule
 * of studio_lesson_watches). One statement for every lesson; a lesson nobody watched has no row. `p.lessons` must not
 * be empty.
 */
export function lessonsWatchedSql(p: MeasuredMembers): RawBuilder<unknown> {
  return sql`select ml.lesson_id as lesson_id, count(w.watched_at) as watched
             from users u
             join measured_lessons ml on ml.path_key = ${pathKeyOf(p, 'u')}
             join studio_lesson_watches w on w.user_id = u.id and w.lesson_id = ml.lesson_id
             where ${membersOf(p, 'u')}
             group by ml.lesson_id`;
}

/**
 * Per measured own lesson, the members of the selection (measured on it) who started it (some seconds played) and
 * have not watched it yet: the `limit` who started longest ago (first report first), with the seconds played and the
 * lesson's length, and how many there are in all (`behind`). One statement over the started rows of the measured
 * lessons only (studio_lesson_watches by lesson), numbered per lesson. `p.lessons` must not be empty.
 */
export function lessonsStartedNotWatchedSql(p: MeasuredMembers, limit: number): RawBuilder<unknown> {
  return sql`select x.user_id as user_id, x.lesson_id as lesson_id, x.seconds as seconds, x.duration as duration,
                    x.first_at as first_at, x.behind as behind
             from (select w.user_id as user_id, w.lesson_id as lesson_id, w.seconds as seconds, l.duration_seconds as duration,
                          w.created_at as first_at,
                          row_number() over (partition by w.lesson_id order by w.created_at, w.user_id) as n,
                          count(*) over (partition by w.lesson_id) as behind
                   from measured_lessons ml
                   join studio_lesson_watches w on w.lesson_id = ml.lesson_id
                   join studio_lessons l on l.id = w.lesson_id
                   join users u on u.id = w.user_id
                   where w.watched_at is null and w.seconds > 0 and ${membersOf(p, 'u')} and ml.path_key = ${pathKeyOf(p, 'u')}) x
             where x.n <= ${sql.lit(Math.trunc(limit))}`;
}

/**
 * Per member of the selection and measured category of their path: user_id, category_id, total (visible videos),
 * watched (credited), started (visible videos started), seconds, first_at (null when not started; it may be the start
 * of a hidden video: the kept figures have no per-video dates). `from`: 'members' gives every member a row per
 * measured category, started or not; 'started' only the rows of members who started the category (its id, or a column
 * of an outer lateral row), walked from the (organization, category, first start) index, for a list in first-start
 * order that stops early.
 * `p.measured` must not be empty.
 */
export function memberStandingSql(p: MeasuredMembers, from: 'members' | { started: number | RawBuilder<unknown> }): RawBuilder<unknown> {
  const source =
    from === 'members'
      ? {
          from: sql`from users u
                    join measured_categories mc on mc.path_key = ${pathKeyOf(p, 'u')}
                    left join member_category_stats m on m.user_id = u.id and m.category_id = mc.category_id`,
          where: membersOf(p, 'u'),
        }
      : {
          from: sql`from member_category_stats m
                    join users u on u.id = m.user_id
                    join measured_categories mc on mc.path_key = ${pathKeyOf(p, 'u')} and mc.category_id = m.category_id`,
          where: sql`m.organization_id = ${p.organizationId} and m.category_id = ${typeof from.started === 'number' ? lit(from.started) : from.started} and ${membersOf(p, 'u')}`,
        };
  const hidden =
    p.hidden.length === 0
      ? { join: sql``, started: sql`0`, watched: sql`0`, seconds: sql`0` }
      : {
          join: sql`left join (select w.user_id as user_id, hv.category_id as category_id, count(*) as started,
                                      count(w.watched_at) as watched, sum(w.seconds) as seconds
                               from hidden_videos hv
                               join video_watch w on w.video_id = hv.video_id
                               join users hu on hu.id = w.user_id
                               where ${membersOf(p, 'hu')} and hv.path_key = ${pathKeyOf(p, 'hu')}
                               group by w.user_id, hv.category_id) h on h.user_id = u.id and h.category_id = mc.category_id`,
          started: sql`coalesce(h.started, 0)`,
          watched: sql`coalesce(h.watched, 0)`,
          seconds: sql`coalesce(h.seconds, 0)`,
        };
  const watched = sql`(coalesce(m.watched, 0) - ${hidden.watched})`;
  return sql`select u.id as user_id, mc.category_id as category_id, mc.total as total,
                    case when exists (select 1 from certificates c where c.user_id = u.id and c.kind = 'category' and c.subject_id = mc.category_id)
                           then mc.total
                         when ${watched} > mc.total then mc.total
                         else ${watched} end as watched,
                    coalesce(m.started, 0) - ${hidden.started} as started,
                    coalesce(m.seconds, 0) - ${hidden.seconds} as seconds,
                    m.first_at as first_at
             ${source.from}
             ${hidden.join}
             where ${source.where}`;
}
