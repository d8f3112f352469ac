import {
  ALERTS_COUNT_CAP,
  ALERTS_PER_CATEGORY,
  type AlertsData,
  type ComplianceItem,
  DASHBOARD_MESSAGES,
  type OptionalTrainingItem,
  type OverallProgressData,
} from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { progressAlertMail } from '../mail/templates.ts';
import { type LearningPath, learningPathFor } from '../organization/learning-path.queries.ts';
import { findTeam } from '../organization/teams.queries.ts';
import { assertCanUseDashboard, DASHBOARD_OTHER_ORGANIZATION } from './dashboard.policy.ts';
import {
  behindMembers,
  categoryTotals,
  completedPerCategory,
  findCategory,
  findMember,
  memberCount,
  type Selection,
  secondsPerCategory,
  startedNotFinished,
  watchedPerMember,
} from './dashboard.queries.ts';
import { largestRemainderPercents, percentOf } from './dashboard.rounding.ts';

type Scope = { organizationId: number; teamId: number | null; path: LearningPath };

const fullName = (name: string, lastName: string) => `${name} ${lastName}`.trim();

/** Checks the caller and the team, and reads the learning path the selection is measured against. */
async function scopeOf(ctx: AppContext, caller: Caller, organizationId: number, team: number | undefined): Promise<Scope> {
  assertCanUseDashboard(caller, organizationId);
  const teamId = team ?? null;
  if (teamId !== null && !(await findTeam(ctx.db, organizationId, teamId))) throw badRequest('team: is not a team of this organization');
  return { organizationId, teamId, path: await learningPathFor(ctx.db, organizationId, teamId) };
}

function selection(scope: Scope, categoryIds: number[]): Selection {
  return { organizationId: scope.organizationId, teamId: scope.teamId, categoryIds, hiddenVideoIds: scope.path.hiddenVideoIds };
}

function pathCategory(scope: Scope, categoryId: number) {
  const category = scope.path.categories.find((c) => c.category_id === categoryId);
  if (!category) throw badRequest('categoryId: is not a category of this learning path');
  return category;
}

/** Team Tracker: one category, the required ones (onlyEssentials 1), the optional ones (0), or the whole path. */
export async function overallProgress(
  ctx: AppContext,
  caller: Caller,
  q: { organizationId: number; team?: number; categoryId?: number; onlyEssentials?: number },
): Promise<OverallProgressData> {
  const scope = await scopeOf(ctx, caller, q.organizationId, q.team);
  const categoryIds =
    q.categoryId !== undefined
      ? [pathCategory(scope, q.categoryId).category_id]
      : scope.path.categories.filter((c) => q.onlyEssentials === undefined || c.essential === q.onlyEssentials).map((c) => c.category_id);
  const s = selection(scope, categoryIds);
  const [totals, members] = await Promise.all([categoryTotals(ctx.db, s), watchedPerMember(ctx.db, s)]);
  const total = totals.reduce((a, t) => a + t.total, 0);
  const watched = members.reduce((a, m) => a + m.watched, 0);
  return {
    overallProgress: {
      teamProgress: percentOf(watched, total * members.length),
      teamUsersProgress: members.map((m) => ({
        user_id: m.user_id,
        name: fullName(m.name, m.last_name),
        picture: m.picture,
        progress: percentOf(m.watched, total),
      })),
    },
  };
}

/**
 * Alerts: per category of the path (or the one asked), members who started it and have not finished it,
 * earliest start first, at most ALERTS_PER_CATEGORY listed (a supervisor nudges the longest stalled first).
 */
export async function usersAlerts(ctx: AppContext, caller: Caller, q: { organizationId: number; team?: number; categoryId?: number }): Promise<AlertsData> {
  const scope = await scopeOf(ctx, caller, q.organizationId, q.team);
  const categories = q.categoryId !== undefined ? [pathCategory(scope, q.categoryId)] : scope.path.categories;
  const s = selection(
    scope,
    categories.map((c) => c.category_id),
  );
  const rows = await startedNotFinished(ctx.db, s, await categoryTotals(ctx.db, s), ALERTS_PER_CATEGORY, ALERTS_COUNT_CAP);
  return {
    users_alerts: categories.map((c) => {
      const listed = rows.filter((r) => r.category_id === c.category_id);
      return {
        category_id: c.category_id,
        category_name: c.name,
        users_total: listed[0]?.behind_in_category ?? 0,
        users: listed.map((r) => ({
          user_id: r.user_id,
          user_name: fullName(r.name, r.last_name),
          user_picture: r.picture,
          percentage_videos_watched: percentOf(r.watched, r.total),
          first_video_watched: new Date(r.first_at).toISOString(),
        })),
      };
    }),
  };
}

/** Compliance: per required category of the path, the share of the selection's members who watched all of it. */
export async function complianceReport(ctx: AppContext, caller: Caller, q: { organizationId: number; team?: number }): Promise<ComplianceItem[]> {
  const scope = await scopeOf(ctx, caller, q.organizationId, q.team);
  const required = scope.path.categories.filter((c) => c.essential === 1);
  const s = selection(
    scope,
    required.map((c) => c.category_id),
  );
  const [completed, members] = await Promise.all([categoryTotals(ctx.db, s).then((totals) => completedPerCategory(ctx.db, s, totals)), memberCount(ctx.db, s)]);
  return required.map((c) => {
    const done = completed.get(c.category_id) ?? 0;
    return { category_id: c.category_id, name: c.name, completed: done, members, completion: percentOf(done, members) };
  });
}

/**
 * Optional Training Engagement: per optional category of the path, the minutes the selection watched
 * (floor of seconds / 60) and its share of all those minutes in percent, by largest remainder (sum <= 100).
 */
export async function optionalTraining(ctx: AppContext, caller: Caller, q: { organizationId: number; team?: number }): Promise<OptionalTrainingItem[]> {
  const scope = await scopeOf(ctx, caller, q.organizationId, q.team);
  const optional = scope.path.categories.filter((c) => c.essential !== 1);
  const seconds = await secondsPerCategory(
    ctx.db,
    selection(
      scope,
      optional.map((c) => c.category_id),
    ),
  );
  const minutes = optional.map((c) => Math.floor((seconds.get(c.category_id) ?? 0) / 60));
  const shares = largestRemainderPercents(minutes);
  return optional.map((c, i) => ({ category_id: c.category_id, name: c.name, total_minutes: minutes[i]!, completion: shares[i]! }));
}

const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

const noticeText = (supervisor: string, category: string, percentage: number) =>
  `${supervisor} asks you to continue "${category}" (${percentage}% watched so far).`;

async function senderName(ctx: AppContext, caller: Caller, supplied: string | undefined): Promise<string> {
  if (supplied) return supplied;
  const me = await findMember(ctx.db, caller.userId);
  return me ? fullName(me.name, me.last_name) : 'Your supervisor';
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

  // The member's own percentage, measured against their team's path (the supplied one is only a hint).
  const path = await learningPathFor(ctx.db, caller.organizationId, member.team_id);
  const s: Selection = { organizationId: caller.organizationId, teamId: null, categoryIds: [category.id], hiddenVideoIds: path.hiddenVideoIds, userId };
  const [totals, watched] = await Promise.all([categoryTotals(ctx.db, s), watchedPerMember(ctx.db, s)]);
  const percentage = percentOf(watched[0]?.watched ?? 0, totals[0]?.total ?? 0);
  const supervisor = await senderName(ctx, caller, q.supervisor_name);

  const t = now();
  const inserted = await ctx.db
    .insertInto('alerts')
    .values({
      organization_id: caller.organizationId,
      sender_id: caller.userId,
      user_id: userId,
      category_id: category.id,
      day: utcDay(t),
      kind: 'alert',
      created_at: t,
    })
    .onConflict((oc) => oc.columns(['user_id', 'category_id', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw conflict(DASHBOARD_MESSAGES.alreadyAlerted);

  await ctx.db
    .insertInto('notices')
    .values({
      user_id: userId,
      sender_id: caller.userId,
      category_id: category.id,
      kind: 'alert',
      message: noticeText(supervisor, category.name, percentage),
      read_at: null,
      created_at: t,
    })
    .execute();
  const url = `${ctx.config.publicUrl}/category/${category.id}`;
  await ctx.mailer.send(member.email, 'progress-alert', progressAlertMail(fullName(member.name, member.last_name), supervisor, category.name, percentage, url));
}

const CHUNK = 500;

/**
 * send_broadcast: every member of the selection (the sender excepted) behind in the category asked, or when none is
 * asked in any required category of the path, one alert per member and category; members already alerted today about
 * a category are skipped. Alerts, notices and e-mails are each written in batches, in one transaction.
 */
export async function sendBroadcast(ctx: AppContext, caller: Caller, body: { organizationId: number; team?: number; categoryId?: number }): Promise<number> {
  const scope = await scopeOf(ctx, caller, body.organizationId, body.team);
  const categories = body.categoryId !== undefined ? [pathCategory(scope, body.categoryId)] : scope.path.categories.filter((c) => c.essential === 1);
  const behind = await behindMembers(
    ctx.db,
    selection(
      scope,
      categories.map((c) => c.category_id),
    ),
    caller.userId,
  );
  if (behind.length === 0) return 0;
  const supervisor = await senderName(ctx, caller, undefined);
  const names = new Map(categories.map((c) => [c.category_id, c.name]));
  const t = now();
  const day = utcDay(t);
  const status = ctx.config.smtpUrl ? 'pending' : 'captured';

  const sent = await ctx.db.transaction().execute(async (trx) => {
    const accepted = new Set<string>();
    for (let i = 0; i < behind.length; i += CHUNK) {
      const rows = await trx
        .insertInto('alerts')
        .values(
          behind.slice(i, i + CHUNK).map((b) => ({
            organization_id: scope.organizationId,
            sender_id: caller.userId,
            user_id: b.user_id,
            category_id: b.category_id,
            day,
            kind: 'broadcast' as const,
            created_at: t,
          })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'category_id', 'day']).doNothing())
        .returning(['user_id', 'category_id'])
        .execute();
      for (const r of rows) accepted.add(`${r.user_id}:${r.category_id}`);
    }
    const recipients = behind.filter((b) => accepted.has(`${b.user_id}:${b.category_id}`));
    for (let i = 0; i < recipients.length; i += CHUNK) {
      const chunk = recipients.slice(i, i + CHUNK);
      await trx
        .insertInto('notices')
        .values(
          chunk.map((b) => ({
            user_id: b.user_id,
            sender_id: caller.userId,
            category_id: b.category_id,
            kind: 'broadcast',
            message: noticeText(supervisor, names.get(b.category_id) ?? '', percentOf(b.watched, b.total)),
            read_at: null,
            created_at: t,
          })),
        )
        .execute();
      await trx
        .insertInto('outbox')
        .values(
          chunk.map((b) => {
            const category = names.get(b.category_id) ?? '';
            const mail = progressAlertMail(b.name, supervisor, category, percentOf(b.watched, b.total), `${ctx.config.publicUrl}/category/${b.category_id}`);
            return {
              to_address: b.email,
              subject: mail.subject,
              text_body: mail.text,
              html_body: mail.html,
              kind: 'progress-broadcast',
              status,
              attempts: 0,
              last_error: null,
              next_attempt_at: t,
              sent_at: null,
              created_at: t,
            };
          }),
        )
        .execute();
    }
    return recipients.length;
  });
  if (ctx.config.smtpUrl) void ctx.mailer.deliverPending().catch(() => undefined);
  return sent;
}
