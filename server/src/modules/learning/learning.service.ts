import type {
  CertificationData,
  ChallengeData,
  FirstLoginPushData,
  LearningPathCategory,
  LearningPathHomeData,
  MicroCertificationData,
  PeopleData,
  RankingsData,
  UserActivityData,
  UserCertificationsData,
  VerificationData,
} from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../lib/auth.ts';
import { DAY, dayIn, now, toIso } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { keptLearningPathFor } from '../organization/kept-learning-path.ts';
import { type LearningPath, learningPathFor } from '../organization/learning-path.queries.ts';
import { lastWatchedByUser } from '../playback/playback.queries.ts';
import { certificateExpiries } from '../qualifications/qualifications.queries.ts';
import { resumeSeconds } from '../videos/resume.rules.ts';
import { type CertificatePdfInput, certificatePdf } from './certificate-pdf.ts';
import { assertCanReadMember, assertCategoryOpen, assertSameOrganization } from './learning.policy.ts';
import {
  categoryNames,
  categoryStandings,
  certificatesOf,
  countsBySubCategory,
  findCertificate,
  findCertificateByCode,
  findCertificateOwner,
  findMember,
  findTeam,
  findTeamById,
  issueCertificate,
  lastWatchedByCategory,
  type Member,
  markFirstLoginPush,
  peopleByName,
  type RankedUser,
  rankingPage,
  rankOf,
  recordChallenge,
  subCategoryNames,
  videosWatchedSince,
  watchDays,
} from './learning.queries.ts';
import { availability, certificateDue, pathFigures, progressPercent, progressState, streakDays } from './learning.rules.ts';

const iso = (ms: number) => toIso(Number(ms)) as string;

/**
 * Where a member stands on their path: per category the visible listed videos, those watched, progress and
 * availability. One rule for home's cards and for the locks the server enforces (three statements and the path).
 */
/** `catalogVersion`: the caller's (lib/auth.ts), under which the member's path may be the one this instance keeps. */
async function pathStanding(ctx: AppContext, member: Member, catalogVersion: string | undefined) {
  const path = await keptLearningPathFor(ctx.db, catalogVersion, member.organization_id ?? 0, member.team_id);
  const categoryIds = path.categories.map((c) => c.category_id);
  const [counts, certs] = await Promise.all([countsBySubCategory(ctx.db, member.id, categoryIds, path.hiddenVideoIds), certificatesOf(ctx.db, member.id)]);
  const certified = new Set(certs.filter((c) => c.kind === 'category').map((c) => c.subject_id));
  const rows = path.categories.map((c) => {
    const subs = counts.filter((s) => s.category_id === c.category_id);
    const total = subs.reduce((n, s) => n + s.total, 0);
    const watched = subs.reduce((n, s) => n + s.watched, 0);
    return { category: c, subs, total, watched, progress: progressPercent(watched, total, certified.has(c.category_id)) };
  });
  const open = availability(rows.map((r) => ({ essential: r.category.essential, progress: r.progress, total: r.total })));
  return { path, counts, certs, rows: rows.map((r, i) => ({ ...r, available: open[i] ?? false })) };
}

/** The member's path with per-category and per-sub-category progress (visible videos only). */
async function pathProgress(ctx: AppContext, member: Member, catalogVersion: string | undefined) {
  const { path, counts, certs, rows } = await pathStanding(ctx, member, catalogVersion);
  const categoryIds = path.categories.map((c) => c.category_id);
  const [lastByCategory, categories, subCategories] = await Promise.all([
    lastWatchedByCategory(ctx.db, member.id, categoryIds),
    categoryNames(ctx.db, categoryIds),
    subCategoryNames(
      ctx.db,
      counts.map((c) => c.sub_category_id),
    ),
  ]);
  const subNames = new Map(subCategories.map((s) => [s.id, s.name]));
  const challengeOf = new Map(categories.map((c) => [c.id, c.challenge]));
  const certOf = (kind: 'category' | 'sub_category', id: number) => certs.find((c) => c.kind === kind && c.subject_id === id);
  // The guest can never make progress: they preview the whole path (pathAccessOf), so no card shows locked.
  const preview = member.is_guest === 1;

  const categoriesOut: LearningPathCategory[] = rows.map(({ category: c, subs, total, watched, progress, available }) => {
    const cert = certOf('category', c.category_id);
    return {
      category_id: c.category_id,
      name: c.name,
      picture: c.picture,
      position: c.position,
      essential: c.essential,
      essential_label: c.essential === 1 ? ('Required' as const) : ('Optional' as const),
      videos_count: total,
      total_seconds: Math.round(subs.reduce((n, s) => n + s.seconds, 0)),
      watched_count: watched,
      progress,
      state: progressState(progress),
      challenge: challengeOf.get(c.category_id) ?? '',
      certificate_date: cert ? iso(cert.issued_at) : null,
      last_video_id: lastByCategory.get(c.category_id)?.id ?? null,
      last_video_resume_seconds: resumeSeconds(lastByCategory.get(c.category_id) ?? null),
      sub_categories: subs.map((s) => {
        const micro = certOf('sub_category', s.sub_category_id);
        return {
          sub_category_id: s.sub_category_id,
          name: subNames.get(s.sub_category_id) ?? '',
          videos_count: s.total,
          watched_count: s.watched,
          progress: progressPercent(s.watched, s.total, micro !== undefined),
          certificate_date: micro ? iso(micro.issued_at) : null,
        };
      }),
      available: preview || available,
    };
  });
  return { source: path.source, categories: categoriesOut, certs };
}

/**
 * What the caller may open of the catalog: the videos hidden from them by their path, and the categories their path
 * keeps locked. Super users preview every category, and so does the guest (read-only, they can never unlock one);
 * a caller without an organization follows no path.
 */
export type PathAccess = {
  /** The categories of the caller's path, in order; null without an organization (the catalog's order applies). */
  categoryIds: number[] | null;
  hiddenVideoIds: number[];
  lockedCategoryIds: ReadonlySet<number>;
  preview: boolean;
};

export async function pathAccessOf(ctx: AppContext, caller: Caller): Promise<PathAccess> {
  const preview = caller.isSuperUser || caller.isGuest;
  if (caller.organizationId === null) return { categoryIds: null, hiddenVideoIds: [], lockedCategoryIds: new Set(), preview };
  const path = await keptLearningPathFor(ctx.db, caller.catalogVersion, caller.organizationId, caller.teamId);
  const categoryIds = path.categories.map((c) => c.category_id);
  if (preview) return { categoryIds, hiddenVideoIds: path.hiddenVideoIds, lockedCategoryIds: new Set(), preview };
  return { categoryIds, hiddenVideoIds: path.hiddenVideoIds, lockedCategoryIds: await lockedCategoriesOf(ctx, caller.userId, path), preview };
}

/**
 * The path's categories still locked for the member. Only an essential category before the last one can lock
 * another, so only those are counted (one statement; none when the path has no such category).
 */
async function lockedCategoriesOf(ctx: AppContext, userId: number, path: LearningPath): Promise<Set<number>> {
  const gates = path.categories.slice(0, -1).filter((c) => c.essential === 1);
  if (gates.length === 0) return new Set();
  const standings = new Map(
    (
      await categoryStandings(
        ctx.db,
        userId,
        gates.map((c) => c.category_id),
        path.hiddenVideoIds,
      )
    ).map((s) => [s.category_id, s]),
  );
  const open = availability(
    path.categories.map((c) => {
      const s = standings.get(c.category_id);
      return { essential: c.essential, total: s?.total ?? 0, progress: s ? progressPercent(s.watched, s.total, s.certified) : 0 };
    }),
  );
  return new Set(path.categories.filter((_, i) => !open[i]).map((c) => c.category_id));
}

async function memberOrThrow(ctx: AppContext, userId: number): Promise<Member> {
  const member = await findMember(ctx.db, userId);
  if (!member) throw notFound('User not found.');
  return member;
}

/**
 * Called by the watch-time flow right after a report that left the video watched: issues the
 * micro-certificate of its sub-category and the certificate of its category when every visible video is
 * watched. Idempotent (UNIQUE + insert-do-nothing), so concurrent reports issue each certificate once.
 */
export async function issueDueCertificates(ctx: AppContext, userId: number, video: { category_id: number; sub_category_id: number }): Promise<void> {
  const member = await findMember(ctx.db, userId);
  if (!member) return;
  const path = await learningPathFor(ctx.db, member.organization_id ?? 0, member.team_id);
  const counts = await countsBySubCategory(ctx.db, userId, [video.category_id], path.hiddenVideoIds);
  const t = now();
  const sub = counts.find((c) => c.sub_category_id === video.sub_category_id);
  if (sub && certificateDue(sub.watched, sub.total)) {
    await issueCertificate(ctx.db, {
      userId,
      organizationId: member.organization_id,
      kind: 'sub_category',
      subjectId: video.sub_category_id,
      categoryId: video.category_id,
      subCategoryId: video.sub_category_id,
      t,
    });
  }
  const total = counts.reduce((n, c) => n + c.total, 0);
  const watched = counts.reduce((n, c) => n + c.watched, 0);
  if (certificateDue(watched, total)) {
    await issueCertificate(ctx.db, {
      userId,
      organizationId: member.organization_id,
      kind: 'category',
      subjectId: video.category_id,
      categoryId: video.category_id,
      subCategoryId: null,
      t,
    });
  }
}

export async function learningPathHome(ctx: AppContext, caller: Caller): Promise<LearningPathHomeData> {
  const member = await memberOrThrow(ctx, caller.userId);
  const { source, categories } = await pathProgress(ctx, member, caller.catalogVersion);
  const figures = pathFigures(categories.map((c) => c.progress));
  return {
    name: member.name,
    last_name: member.last_name,
    role: member.role,
    team: member.team,
    source,
    ...figures,
    summary: `${figures.done} COMPLETED / ${figures.total} TO GO - ${figures.percent}% COMPLETED`,
    categories,
  };
}

export async function certificateByCategory(ctx: AppContext, caller: Caller, userId: number, categoryId: number): Promise<CertificationData> {
  assertCanReadMember(caller, await findMember(ctx.db, userId));
  const cert = await findCertificate(ctx.db, userId, 'category', categoryId);
  return { certification: cert ? { category_id: cert.category_id, created_at: iso(cert.issued_at) } : null };
}

export async function microCertificate(ctx: AppContext, caller: Caller, userId: number, subCategoryId: number): Promise<MicroCertificationData> {
  assertCanReadMember(caller, await findMember(ctx.db, userId));
  const cert = await findCertificate(ctx.db, userId, 'sub_category', subCategoryId);
  return {
    micro_certification: cert ? { sub_category_id: subCategoryId, category_id: cert.category_id, created_at: iso(cert.issued_at) } : null,
  };
}

/** A certificate's validity: until the expiry of the required training that covers its category, if any. */
const validity = (expiresAt: number | undefined, t: number) => ({
  valid_until: expiresAt === undefined ? null : iso(expiresAt),
  expired: expiresAt !== undefined && expiresAt <= t,
});

export async function userCertifications(ctx: AppContext, caller: Caller, userId: number): Promise<UserCertificationsData> {
  const member = await findMember(ctx.db, userId);
  assertCanReadMember(caller, member);
  const { categories, certs } = await pathProgress(ctx, member, caller.catalogVersion);
  const cats = new Map((await categoryNames(ctx.db, [...new Set(certs.map((c) => c.category_id))])).map((c) => [c.id, c]));
  const subs = new Map(
    (
      await subCategoryNames(
        ctx.db,
        certs.flatMap((c) => (c.sub_category_id ? [c.sub_category_id] : [])),
      )
    ).map((s) => [s.id, s]),
  );
  const expiries = await certificateExpiries(ctx.db, userId, [...cats.keys()]);
  const t = now();
  const item = (c: (typeof certs)[number]) => ({
    id: c.id,
    category_id: c.category_id,
    sub_category_id: c.sub_category_id,
    name: c.kind === 'category' ? (cats.get(c.category_id)?.name ?? '') : (subs.get(c.sub_category_id ?? 0)?.name ?? ''),
    picture: cats.get(c.category_id)?.picture ?? null,
    created_at: iso(c.issued_at),
    verification_code: c.verification_code,
    ...validity(expiries.get(c.category_id), t),
  });
  const earned = new Set(certs.filter((c) => c.kind === 'category').map((c) => c.category_id));
  return {
    certifications: certs.filter((c) => c.kind === 'category').map(item),
    micro_certifications: certs.filter((c) => c.kind === 'sub_category').map(item),
    available: categories.filter((c) => !earned.has(c.category_id)).map((c) => ({ category_id: c.category_id, name: c.name, picture: c.picture })),
    last_video_id: (await lastWatchedByUser(ctx.db, userId))?.id ?? null,
  };
}

const WEEK_DAYS = 7;
/** Streaks are counted over at most this many days back. */
const STREAK_WINDOW_DAYS = 400;

export async function userActivity(ctx: AppContext, caller: Caller, userId: number, at = now()): Promise<UserActivityData> {
  const member = await findMember(ctx.db, userId);
  assertCanReadMember(caller, member);
  const today = dayIn(at, member.timezone);
  const weekStart = dayIn(at - (WEEK_DAYS - 1) * DAY, member.timezone);
  const [videosLastWeek, days, path, certs, rank] = await Promise.all([
    videosWatchedSince(ctx.db, userId, weekStart),
    watchDays(ctx.db, userId, dayIn(at - STREAK_WINDOW_DAYS * DAY, member.timezone)),
    keptLearningPathFor(ctx.db, caller.catalogVersion, member.organization_id ?? 0, member.team_id),
    certificatesOf(ctx.db, userId),
    member.organization_id === null ? Promise.resolve({ ranking: 0, points: 0 }) : rankOf(ctx.db, member.organization_id, userId),
  ]);
  const inPath = new Set(path.categories.map((c) => c.category_id));
  return {
    videosLastWeek,
    countSequenceDayWatch: streakDays(days, today),
    certifications: certs.filter((c) => c.kind === 'category' && inPath.has(c.category_id)).length,
    certificationsAvailable: path.categories.length,
    rankingUser: rank,
  };
}

const person = (u: RankedUser) => ({
  id: u.id,
  picture: u.picture,
  name: u.name,
  last_name: u.last_name,
  role: u.role,
  team: u.team,
  bio: u.bio,
  mobile: u.mobile,
  ranking: u.ranking,
  points: u.points,
});

const DEFAULT_TAKE = 100;

export async function rankings(ctx: AppContext, caller: Caller, organizationId: number, page: { skip?: number; take?: number }): Promise<RankingsData> {
  assertSameOrganization(caller, organizationId);
  const skip = page.skip ?? 0;
  const take = page.take ?? DEFAULT_TAKE;
  const rows = await rankingPage(ctx.db, organizationId, { skip, take });
  return { rankings: rows.map((u) => ({ position: u.ranking, points: u.points, user: person(u) })), skip, take };
}

export async function organizationPeople(
  ctx: AppContext,
  caller: Caller,
  organizationId: number,
  team: number | string | undefined,
  page: { skip?: number; take?: number },
): Promise<PeopleData> {
  assertSameOrganization(caller, organizationId);
  let teamId: number | undefined;
  if (team !== undefined) {
    const found = await findTeam(ctx.db, organizationId, team);
    if (!found) throw notFound('Team not found.');
    teamId = found.id;
  }
  const skip = page.skip ?? 0;
  const take = page.take ?? DEFAULT_TAKE;
  const rows = await peopleByName(ctx.db, organizationId, { teamId, skip, take });
  return { users: rows.map(person), skip, take };
}

export async function teamPeople(ctx: AppContext, caller: Caller, teamId: number, page: { skip?: number; take?: number }): Promise<PeopleData> {
  const team = await findTeamById(ctx.db, teamId);
  if (!team || team.organization_id !== caller.organizationId) throw notFound('Team not found.');
  return organizationPeople(ctx, caller, team.organization_id, team.id, page);
}

export async function insertChallenge(
  ctx: AppContext,
  caller: Caller,
  input: { user_id: number; challenge_category_id: number; challenge_type: string; challenge_description: string; challenge_status: string },
): Promise<ChallengeData> {
  if (input.user_id !== caller.userId) throw forbidden('You can only record your own challenges.');
  const [[category], access] = await Promise.all([categoryNames(ctx.db, [input.challenge_category_id]), pathAccessOf(ctx, caller)]);
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
  const row = await markFirstLoginPush(ctx.db, userId);
  return { first_login: row.first_login, logged_in_account: row.logged_in_account };
}

export async function verifyCertificate(ctx: AppContext, code: string): Promise<VerificationData> {
  const row = await findCertificateByCode(ctx.db, code.toUpperCase());
  if (!row) throw notFound('No certificate has this verification code.');
  const { valid_until, expired } = validity((await certificateExpiries(ctx.db, row.user_id, [row.category_id])).get(row.category_id), now());
  return {
    valid: !expired,
    valid_until,
    member: `${row.name} ${row.last_name}`.trim(),
    kind: row.kind,
    category: row.category_name,
    sub_category: row.sub_category_name ?? null,
    organization: row.organization_name ?? null,
    issued_at: iso(row.issued_at),
    verification_code: row.verification_code,
  };
}

const ptBr = (ms: number) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC' }).format(ms);

/** The certificate as a PDF, for its owner or a super user of their organization. */
export async function certificatePdfFile(ctx: AppContext, caller: Caller, certificateId: number): Promise<{ pdf: Buffer; filename: string }> {
  const cert = await findCertificateOwner(ctx.db, certificateId);
  if (!cert) throw notFound('Certificate not found.');
  assertCanReadMember(caller, await findMember(ctx.db, cert.user_id));
  const row = await findCertificateByCode(ctx.db, cert.verification_code);
  if (!row) throw notFound('Certificate not found.');
  const expiry = (await certificateExpiries(ctx.db, row.user_id, [row.category_id])).get(row.category_id);
  const input: CertificatePdfInput = {
    member: `${row.name} ${row.last_name}`.trim(),
    title: row.kind === 'category' ? row.category_name : `${row.category_name} - ${row.sub_category_name ?? ''}`,
    subtitle: row.kind === 'category' ? 'Certificate of completion' : 'Micro-certificate',
    organization: row.organization_name ?? '',
    date: ptBr(Number(row.issued_at)),
    validUntil: expiry === undefined ? null : ptBr(expiry),
    code: row.verification_code,
    verifyUrl: `${ctx.config.publicUrl}/verify/${row.verification_code}`,
  };
  return { pdf: certificatePdf(input), filename: `certificate-${row.verification_code}.pdf` };
}
