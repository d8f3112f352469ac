// A member's activity: the week, the streak, the ranking position; challenges opened; the first-visit push.
import type { ChallengeData, FirstLoginPushData, UserActivityData } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { DAY, dayIn, now } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { keptLearningPathFor } from '../organization/index.ts';
import { updateUser } from '../users/index.ts';
import { assertCanReadMember, assertCategoryOpen } from './learning.policy.ts';
import { categoryNames, certificatesOf, findMember, firstLoginFlags, rankOf, recordChallenge, watchingSince } from './learning.queries.ts';
import { streakDays } from './learning.rules.ts';
import { pathAccessOf } from './path-progress.ts';

const WEEK_DAYS = 7;

/** Streaks are counted over at most this many days back. */
const STREAK_WINDOW_DAYS = 400;

export async function userActivity(ctx: AppContext, caller: Caller, userId: number, at = now()): Promise<UserActivityData> {
  const member = await findMember(ctx.db, userId);
  assertCanReadMember(caller, member);
  const today = dayIn(at, member.timezone);
  const weekStart = dayIn(at - (WEEK_DAYS - 1) * DAY, member.timezone);
  const [watching, path, certs, rank] = await Promise.all([
    watchingSince(ctx.db, userId, { days: dayIn(at - STREAK_WINDOW_DAYS * DAY, member.timezone), videos: weekStart }),
    keptLearningPathFor(ctx.db, caller.catalogVersion, member.organization_id ?? 0, member.team_id),
    certificatesOf(ctx.db, userId),
    member.organization_id === null ? Promise.resolve({ ranking: 0, points: 0 }) : rankOf(ctx.db, member.organization_id, userId),
  ]);
  const inPath = new Set(path.categories.map((c) => c.category_id));
  return {
    videosLastWeek: watching.videos,
    countSequenceDayWatch: streakDays(watching.days, today),
    certifications: certs.filter((c) => c.kind === 'category' && inPath.has(c.category_id)).length,
    certificationsAvailable: path.categories.length,
    rankingUser: rank,
  };
}

export async function insertChallenge(
  ctx: AppContext,
  caller: Caller,
  input: { user_id: number; challenge_category_id: number; challenge_type: string; challenge_description: string; challenge_status: string },
): Promise<ChallengeData> {
  if (input.user_id !== caller.userId) throw forbidden('You can only record your own challenges.');
  const [[category], access] = await Promise.all([
    categoryNames(ctx.db, [input.challenge_category_id]),
    pathAccessOf(ctx, caller, input.challenge_category_id),
  ]);
  if (!category) throw notFound('Category not found.');
  assertCategoryOpen(access, category.id);
  const id = await recordChallenge(ctx.db, {
    userId: caller.userId,
    categoryId: category.id,
    type: input.challenge_type,
    description: input.challenge_description,
    status: input.challenge_status,
    t: now(),
  });
  return { id, challenge: category.challenge };
}

export async function firstLoginPush(ctx: AppContext, caller: Caller, userId: number): Promise<FirstLoginPushData> {
  if (userId !== caller.userId) {
    assertCanReadMember(caller, await findMember(ctx.db, userId));
    throw forbidden('You can only update your own first login.');
  }
  await updateUser(ctx.db, userId, { first_login: 1 });
  const row = await firstLoginFlags(ctx.db, userId);
  return { first_login: row.first_login, logged_in_account: row.logged_in_account };
}
