import {
  ALERTS_COUNT_CAP,
  ALERTS_PER_CATEGORY,
  type AlertsData,
  type ComplianceItem,
  DASHBOARD_MESSAGES,
  type Locale,
  type OptionalTrainingItem,
  type OverallProgressData,
} from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { recipientLocale } from '../../lib/i18n.ts';
import { fullName } from '../../lib/person-name.ts';
import { holdingEveryWord } from '../../lib/search-text.ts';
import type { Caller } from '../auth/index.ts';
import type { LocalNames } from '../captions/index.ts';
import { measuredMembers, progressPercent } from '../learning/index.ts';
import { enqueueMails, progressAlertMail } from '../mail/index.ts';
import { insertNotices, type NoticeText } from '../notices/index.ts';
import type { LearningPath } from '../organization/index.ts';
import { findTeam, keptLearningPathFor } from '../organization/index.ts';
import { publishedOwnLessonTitles } from '../studio/index.ts';
import { mailLocales } from '../users/index.ts';
import { namesFor } from '../videos/index.ts';
import { assertCanUseDashboard, DASHBOARD_OTHER_ORGANIZATION } from './dashboard.policy.ts';
import {
  behindMembers,
  completedPerCategory,
  findCategory,
  findMember,
  insertAlerts,
  lessonsStartedNotWatched,
  memberCount,
  secondsPerCategory,
  startedNotFinished,
  watchedPerLesson,
  watchedPerMember,
} from './dashboard.queries.ts';
import { largestRemainderPercents } from './dashboard.rules.ts';

type Scope = { organizationId: number; teamId: number | null; path: LearningPath; catalogVersion: string | undefined };

/**
 * Checks the caller and the team, and reads the selection's learning path: the categories its panels list (the
 * team's path, or the organization's for the whole organization). Each member is still measured against the path
 * they follow (issue 33), which for the whole organization may be their team's.
 */
async function scopeOf(ctx: AppContext, caller: Caller, organizationId: number, team: number | undefined): Promise<Scope> {
  assertCanUseDashboard(caller, organizationId);
  const teamId = team ?? null;
  if (teamId !== null && !(await findTeam(ctx.db, organizationId, teamId))) throw badRequest('team: is not a team of this organization');
  return {
    organizationId,
    teamId,
    path: await keptLearningPathFor(ctx.db, caller.catalogVersion, organizationId, teamId),
    catalogVersion: caller.catalogVersion,
  };
}

/**
 * The selection's members, each measured over `pick` of the path they follow, and over own lessons when asked (true:
 * their path's own; a function: those it picks of each path; only the organization's published ones count).
 */
const measuring = (
  ctx: AppContext,
  scope: Scope,
  pick: (path: LearningPath) => number[],
  ownLessons: boolean | ((path: LearningPath) => readonly number[]) = false,
) => measuredMembers(ctx.db, scope.catalogVersion, { organizationId: scope.organizationId, teamId: scope.teamId }, pick, ownLessons);

/**
 * The own lessons the selection's panels list: its path's published ones (the organization's only: a path never holds
 * another's, and the studio answers this organization's lessons only), in the path's order, with their titles.
 */
const listedLessons = (ctx: AppContext, scope: Scope) => publishedOwnLessonTitles(ctx.db, scope.organizationId, scope.path.lessonIds);

function pathLesson(lessons: { id: number; title: string }[], lessonId: number) {
  const lesson = lessons.find((l) => l.id === lessonId);
  if (!lesson) throw badRequest('lessonId: is not a published own lesson of this learning path');
  return lesson;
}

/** The share of an own lesson a member played, in whole percent (below 100 until it is watched). */
const playedPercent = (seconds: number, duration: number) => (duration > 0 ? Math.min(99, Math.floor((100 * seconds) / duration)) : 0);

/**
 * A path category's name in the reader's language where the catalog has one, else its English name: applied to the
 * answer from the map kept per catalog version (`namesFor`), never joined into the panels' statements (issue 41).
 */
const readerName = (names: LocalNames, category: { category_id: number; name: string }) => names.categories.get(category.category_id) ?? category.name;

function pathCategory(scope: Scope, categoryId: number) {
  const category = scope.path.categories.find((c) => c.category_id === categoryId);
  if (!category) throw badRequest('categoryId: is not a category of this learning path');
  return category;
}

/**
 * Team Tracker: each member's progress (learning.rules' memberProgress: credited over visible videos) over one
 * category, one own lesson of the path (lessonId), the required content of their path (onlyEssentials 1: its required
 * categories and its published own lessons, one video each), its optional categories (0), or their whole path (the
 * figure home shows them, own lessons included); teamProgress is the same sum over every member.
 */
export async function overallProgress(
  ctx: AppContext,
  caller: Caller,
  q: {
    organizationId: number;
    team?: number;
    categoryId?: number;
    lessonId?: number;
    onlyEssentials?: number;
    q?: string;
    skip?: number;
    take?: number;
  },
): Promise<OverallProgressData> {
  const scope = await scopeOf(ctx, caller, q.organizationId, q.team);
  if (q.categoryId !== undefined && q.lessonId !== undefined) throw badRequest('lessonId: give a category or an own lesson, not both');
  const lesson = q.lessonId !== undefined ? pathLesson(await listedLessons(ctx, scope), q.lessonId).id : undefined;
  const one = q.categoryId !== undefined ? [pathCategory(scope, q.categoryId).category_id] : lesson !== undefined ? [] : undefined;
  // Own lessons are required content: the whole path and 'All required content' hold them; one category or 'optional' none.
  const ownLessons = lesson !== undefined ? () => [lesson] : one === undefined && q.onlyEssentials !== 0;
  const members = await watchedPerMember(
    ctx.db,
    await measuring(
      ctx,
      scope,
      (path) => one ?? path.categories.filter((c) => q.onlyEssentials === undefined || c.essential === q.onlyEssentials).map((c) => c.category_id),
      ownLessons,
    ),
  );
  const total = members.reduce((a, m) => a + m.total, 0);
  const watched = members.reduce((a, m) => a + m.watched, 0);
  const found = holdingEveryWord(
    members.map((m) => ({ user_id: m.user_id, name: fullName(m), picture: m.picture, progress: progressPercent(m.watched, m.total) })),
    q.q ?? '',
    (member) => member.name,
  );
  const skip = q.skip ?? 0;
  return {
    overallProgress: {
      teamProgress: progressPercent(watched, total),
      teamUsersProgress: q.take === undefined ? found.slice(skip) : found.slice(skip, skip + q.take),
      teamUsersTotal: found.length,
    },
  };
}

/**
 * Alerts: per category of the path (or the one asked), members who started it and have not finished it,
 * earliest start first, at most ALERTS_PER_CATEGORY listed (a supervisor nudges the longest stalled first); then, when
 * no category is asked, the same per published own lesson of the path (started: some of it played; finished: watched).
 */
export async function usersAlerts(ctx: AppContext, caller: Caller, q: { organizationId: number; team?: number; categoryId?: number }): Promise<AlertsData> {
  const scope = await scopeOf(ctx, caller, q.organizationId, q.team);
  const categories = q.categoryId !== undefined ? [pathCategory(scope, q.categoryId)] : scope.path.categories;
  const categoryIds = categories.map((c) => c.category_id);
  const lessons = q.categoryId !== undefined ? [] : await listedLessons(ctx, scope);
  const lessonIds = lessons.map((l) => l.id);
  const measured = await measuring(ctx, scope, () => categoryIds, lessonIds.length > 0 && (() => lessonIds));
  const [rows, lessonRows, names] = await Promise.all([
    startedNotFinished(ctx.db, measured, categoryIds, ALERTS_PER_CATEGORY, ALERTS_COUNT_CAP),
    lessonsStartedNotWatched(ctx.db, measured, ALERTS_PER_CATEGORY),
    namesFor(ctx.db, caller),
  ]);
  return {
    users_alerts: [
      ...categories.map((c) => {
        const listed = rows.filter((r) => r.category_id === c.category_id);
        return {
          category_id: c.category_id,
          category_name: readerName(names, c),
          users_total: listed[0]?.behind_in_category ?? 0,
          users: listed.map((r) => ({
            user_id: r.user_id,
            user_name: fullName(r),
            user_picture: r.picture,
            percentage_videos_watched: progressPercent(r.watched, r.total),
            first_video_watched: new Date(r.first_at).toISOString(),
          })),
          lesson_id: null,
        };
      }),
      ...lessons.map((l) => {
        const listed = lessonRows.filter((r) => r.lesson_id === l.id);
        return {
          category_id: 0,
          category_name: l.title,
          users_total: Math.min(ALERTS_COUNT_CAP, listed[0]?.behind_in_lesson ?? 0),
          users: listed.map((r) => ({
            user_id: r.user_id,
            user_name: fullName(r),
            user_picture: r.picture,
            percentage_videos_watched: playedPercent(r.seconds, r.duration),
            first_video_watched: new Date(r.first_at).toISOString(),
          })),
          lesson_id: l.id,
        };
      }),
    ],
  };
}

/**
 * Compliance: per required category of the path, the share of the selection's members who watched all of it; then per
 * published own lesson of the path (required content), the share who watched it.
 */
export async function complianceReport(ctx: AppContext, caller: Caller, q: { organizationId: number; team?: number }): Promise<ComplianceItem[]> {
  const scope = await scopeOf(ctx, caller, q.organizationId, q.team);
  const required = scope.path.categories.filter((c) => c.essential === 1);
  const lessons = await listedLessons(ctx, scope);
  const lessonIds = lessons.map((l) => l.id);
  const measured = await measuring(ctx, scope, () => required.map((c) => c.category_id), lessonIds.length > 0 && (() => lessonIds));
  const [completed, watched, members, names] = await Promise.all([
    completedPerCategory(ctx.db, measured),
    watchedPerLesson(ctx.db, measured),
    memberCount(ctx.db, measured),
    namesFor(ctx.db, caller),
  ]);
  return [
    ...required.map((c) => {
      const done = completed.get(c.category_id) ?? 0;
      return { category_id: c.category_id, lesson_id: null, name: readerName(names, c), completed: done, members, completion: progressPercent(done, members) };
    }),
    ...lessons.map((l) => {
      const done = watched.get(l.id) ?? 0;
      return { category_id: 0, lesson_id: l.id, name: l.title, completed: done, members, completion: progressPercent(done, members) };
    }),
  ];
}

/**
 * Optional Training Engagement: per optional category of the path, the minutes the selection watched
 * (floor of seconds / 60) and its share of all those minutes in percent, by largest remainder (sum <= 100).
 */
export async function optionalTraining(ctx: AppContext, caller: Caller, q: { organizationId: number; team?: number }): Promise<OptionalTrainingItem[]> {
  const scope = await scopeOf(ctx, caller, q.organizationId, q.team);
  const optional = scope.path.categories.filter((c) => c.essential !== 1);
  const measured = await measuring(ctx, scope, () => optional.map((c) => c.category_id));
  const [seconds, names] = await Promise.all([secondsPerCategory(ctx.db, measured), namesFor(ctx.db, caller)]);
  const minutes = optional.map((c) => Math.floor((seconds.get(c.category_id) ?? 0) / 60));
  const shares = largestRemainderPercents(minutes);
  return optional.map((c, i) => ({ category_id: c.category_id, name: readerName(names, c), total_minutes: minutes[i]!, completion: shares[i]! }));
}

/** The alert's notice: the English category name is kept for a language the catalog has no name in. */
const alertNotice = (supervisor: string, category: string, percentage: number): NoticeText => ({
  key: 'progressAlert',
  values: { supervisor, category, percentage },
});

async function senderName(ctx: AppContext, caller: Caller, supplied: string | undefined): Promise<string> {
  if (supplied) return supplied;
  const me = await findMember(ctx.db, caller.userId);
  return me ? fullName(me) : 'Your supervisor';
}

/** dashboard/team/{userId}: one alert to one member about one category, at most once per member, category and UTC day. */
export async function sendAlert(
  ctx: AppContext,
  caller: Caller,
  userId: number,
  q: { supervisor_name?: string; category_id: number; category_name?: string; percentage?: number },
): Promise<void> {
  if (caller.organizationId === null) throw forbidden(DASHBOARD_OTHER_ORGANIZATION);
  assertCanUseDashboard(caller, caller.organizationId);
  const member = await findMember(ctx.db, userId);
  if (!member) throw notFound('This member does not exist.');
  if (member.organization_id !== caller.organizationId) throw forbidden(DASHBOARD_OTHER_ORGANIZATION);
  const category = await findCategory(ctx.db, q.category_id);
  if (!category) throw badRequest('category_id: is not a category of the catalog');

  // The member's own progress in the category, against the path they follow, as the alert chips show it (the
  // supplied percentage is only a hint).
  const [standing] = await watchedPerMember(
    ctx.db,
    await measuredMembers(ctx.db, caller.catalogVersion, { organizationId: caller.organizationId, teamId: null, userId, memberTeamId: member.team_id }, () => [
      category.id,
    ]),
  );
  const percentage = progressPercent(standing?.watched ?? 0, standing?.total ?? 0);
  const supervisor = await senderName(ctx, caller, q.supervisor_name);

  const t = now();
  const alerted = await insertAlerts(
    ctx.db,
    [{ userId, categoryId: category.id }],
    { organizationId: caller.organizationId, senderId: caller.userId, kind: 'alert' },
    t,
  );
  if (alerted.length === 0) throw conflict(DASHBOARD_MESSAGES.alreadyAlerted);
  await insertNotices(
    ctx.db,
    [{ userId, senderId: caller.userId, categoryId: category.id, kind: 'alert', text: alertNotice(supervisor, category.name, percentage) }],
    t,
  );
  const url = `${ctx.config.publicUrl}/category/${category.id}`;
  // The notice above reaches everyone; the e-mail only those who have an address.
  if (member.email) {
    const language = (await mailLocales(ctx.db, [member.id])).get(member.id);
    const locale = recipientLocale(language?.own, language?.organization);
    // The category as the member sees it in the library: its name in their language where the catalog has one.
    const local = (await namesFor(ctx.db, { language: locale, catalogVersion: caller.catalogVersion })).categories.get(category.id);
    await ctx.mailer.send(member.email, 'progress-alert', progressAlertMail(fullName(member), supervisor, local ?? category.name, percentage, url, locale));
  }
}

/**
 * send_broadcast: every member of the selection (the sender excepted) behind in the category asked, or when none is
 * asked in any required category of the path, one alert per member and category; members already alerted today about
 * a category are skipped. Alerts, notices and e-mails are each written in batches, in one transaction.
 */
export async function sendBroadcast(ctx: AppContext, caller: Caller, body: { organizationId: number; team?: number; categoryId?: number }): Promise<number> {
  const scope = await scopeOf(ctx, caller, body.organizationId, body.team);
  const categories = body.categoryId !== undefined ? [pathCategory(scope, body.categoryId)] : scope.path.categories.filter((c) => c.essential === 1);
  const behind = await behindMembers(ctx.db, await measuring(ctx, scope, () => categories.map((c) => c.category_id)), caller.userId);
  if (behind.length === 0) return 0;
  const supervisor = await senderName(ctx, caller, undefined);
  const names = new Map(categories.map((c) => [c.category_id, c.name]));
  const t = now();
  const languages = await mailLocales(
    ctx.db,
    behind.map((b) => b.user_id),
  );
  const localeOf = (userId: number) => recipientLocale(languages.get(userId)?.own, languages.get(userId)?.organization);
  // Each e-mail names the category in its reader's language where the catalog has one (one read per language).
  const localNames = new Map<Locale, LocalNames>();
  for (const locale of new Set(behind.map((b) => localeOf(b.user_id)))) {
    localNames.set(locale, await namesFor(ctx.db, { language: locale, catalogVersion: caller.catalogVersion }));
  }
  const nameIn = (locale: Locale, categoryId: number) => localNames.get(locale)?.categories.get(categoryId) ?? names.get(categoryId) ?? '';

  const sent = await ctx.db.transaction().execute(async (trx) => {
    const accepted = new Set(
      (
        await insertAlerts(
          trx,
          behind.map((b) => ({ userId: b.user_id, categoryId: b.category_id })),
          { organizationId: scope.organizationId, senderId: caller.userId, kind: 'broadcast' },
          t,
        )
      ).map((a) => `${a.user_id}:${a.category_id}`),
    );
    const recipients = behind.filter((b) => accepted.has(`${b.user_id}:${b.category_id}`));
    const percent = (b: (typeof behind)[number]) => progressPercent(b.watched, b.total);
    await insertNotices(
      trx,
      recipients.map((b) => ({
        userId: b.user_id,
        senderId: caller.userId,
        categoryId: b.category_id,
        kind: 'broadcast',
        text: alertNotice(supervisor, names.get(b.category_id) ?? '', percent(b)),
      })),
      t,
    );
    await enqueueMails(
      trx,
      recipients.map((b) => ({
        to: b.email,
        kind: 'progress-broadcast',
        mail: progressAlertMail(
          b.name,
          supervisor,
          nameIn(localeOf(b.user_id), b.category_id),
          percent(b),
          `${ctx.config.publicUrl}/category/${b.category_id}`,
          localeOf(b.user_id),
        ),
      })),
      ctx.config.smtpUrl ? 'pending' : 'captured',
      t,
    );
    return recipients.length;
  });
  if (ctx.config.smtpUrl) void ctx.mailer.queuePending().catch(() => undefined);
  return sent;
}
