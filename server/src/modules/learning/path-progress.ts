// The member's learning path: where they stand, what is open to them, and the home's path card.
import type { LearningPathCategory, LearningPathHomeData } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { categoriesMissingCheck } from '../assessments/index.ts';
import type { Caller } from '../auth/index.ts';
import type { LearningPath } from '../organization/index.ts';
import { keptLearningPathFor } from '../organization/index.ts';
import { memberPathOwnLessons } from '../studio/index.ts';
import { namesFor, resumeSeconds } from '../videos/index.ts';
import { issueCertificates } from './certificate-issue.ts';
import { certificatesOf, findMember, type Member, type MemberWatchRow, memberWatchRows, watchedAndCertified } from './learning.queries.ts';
import { availability, certificateFor, certificatesDue, isoTime as iso, pathFigures, progressPercent, progressState } from './learning.rules.ts';
import { categoryCount, listedCatalog, subCategoryCounts } from './path-videos.ts';

/**
 * Where a member stands on their path: per category the visible listed videos, those watched, progress and
 * availability. One rule for home's cards and for the locks the server enforces (the member's watched videos and
 * certificates laid over the kept catalog and path: path-videos.ts).
 */
/** `catalogVersion`: the caller's (auth/caller.ts), under which the member's path may be the one this instance keeps. */
async function pathStanding(ctx: AppContext, member: Member, catalogVersion: string | undefined) {
  const path = await keptLearningPathFor(ctx.db, catalogVersion, member.organization_id ?? 0, member.team_id);
  const categoryIds = path.categories.map((c) => c.category_id);
  const [catalog, started, certs, missing] = await Promise.all([
    listedCatalog(ctx.db, catalogVersion),
    memberWatchRows(ctx.db, member.id),
    certificatesOf(ctx.db, member.id),
    member.organization_id === null ? [] : categoriesMissingCheck(ctx.db, member.organization_id, member.id, categoryIds),
  ]);
  const checkMissing = new Set(missing);
  const watched = new Set(started.filter((v) => v.watched_at !== null).map((v) => v.id));
  const counts = subCategoryCounts(catalog, categoryIds, path.hiddenVideoIds, watched);
  const certified = new Set(certs.filter((c) => c.kind === 'category').map((c) => c.subject_id));
  const rows = path.categories.map((c) => {
    const { subs, total, watched } = categoryCount(counts, c.category_id);
    return {
      category: c,
      subs,
      total,
      watched,
      certified: certified.has(c.category_id),
      // The category's check is required for its certificate and not passed (a certificate already held stands).
      checkMissing: checkMissing.has(c.category_id) && !certified.has(c.category_id),
      progress: progressPercent(watched, total, certified.has(c.category_id)),
    };
  });
  const open = availability(rows.map((r) => ({ essential: r.category.essential, progress: r.progress, total: r.total })));
  return { path, catalog, started, certs, rows: rows.map((r, i) => ({ ...r, available: open[i] ?? false })) };
}

/** Per category, the member's most recently watched video of it. */
function lastByCategory(started: readonly MemberWatchRow[]): Map<number, MemberWatchRow> {
  const last = new Map<number, MemberWatchRow>();
  for (const v of started) {
    const known = last.get(v.category_id);
    if (!known || Number(v.last_watched_at) > Number(known.last_watched_at)) last.set(v.category_id, v);
  }
  return last;
}

type Standing = Awaited<ReturnType<typeof pathStanding>>;

/**
 * Issues the certificates the member's standing shows due that they do not hold: every visible video of a
 * sub-category or category is watched, but no watch report completed it, because a supervisor hid the videos still
 * unwatched (or an import unlisted them). The watch report issues the others; both are idempotent. Answers whether
 * any was issued.
 */
async function issueCertificatesDue(ctx: AppContext, member: Member, { rows, certs }: Standing): Promise<boolean> {
  if (member.is_guest === 1) return false;
  const due = rows
    .flatMap((r) => certificatesDue({ ...r, category_id: r.category.category_id }, r.subs, certs))
    .filter((c) => c.kind !== 'category' || !rows.some((r) => r.checkMissing && r.category.category_id === c.categoryId));
  await issueCertificates(ctx, { userId: member.id, organizationId: member.organization_id }, due, now());
  return due.length > 0;
}

/**
 * The member's path with per-category and per-sub-category progress (visible videos only), its names in the reader's
 * language (`reader`: the caller, whose catalog version the kept catalog and path are read under).
 */
export async function pathProgress(ctx: AppContext, member: Member, reader: Pick<Caller, 'language' | 'catalogVersion'>) {
  const { catalogVersion } = reader;
  let standing = await pathStanding(ctx, member, catalogVersion);
  if (await issueCertificatesDue(ctx, member, standing)) standing = await pathStanding(ctx, member, catalogVersion);
  const { path, catalog, started, certs, rows } = standing;
  const names = await namesFor(ctx.db, reader);
  const lastOf = lastByCategory(started);
  // The guest can never make progress: they preview the whole path (pathAccessOf), so no card shows locked.
  const preview = member.is_guest === 1;

  const categoriesOut: LearningPathCategory[] = rows.map(({ category: c, subs, total, watched, progress, available, checkMissing }) => {
    const cert = certificateFor(certs, 'category', c.category_id);
    return {
      category_id: c.category_id,
      name: names.categories.get(c.category_id) ?? c.name,
      picture: c.picture,
      position: c.position,
      essential: c.essential,
      essential_label: c.essential === 1 ? ('Required' as const) : ('Optional' as const),
      videos_count: total,
      total_seconds: Math.round(subs.reduce((n, s) => n + s.seconds, 0)),
      watched_count: watched,
      progress,
      // Every video watched and the check still to pass: not completed yet.
      state: checkMissing && progress === 100 ? ('in_progress' as const) : progressState(progress),
      check_missing: checkMissing,
      challenge: catalog.challenges.get(c.category_id) ?? '',
      certificate_date: cert ? iso(cert.issued_at) : null,
      last_video_id: lastOf.get(c.category_id)?.id ?? null,
      last_video_resume_seconds: resumeSeconds(lastOf.get(c.category_id) ?? null),
      sub_categories: subs.map((s) => {
        const micro = certificateFor(certs, 'sub_category', s.sub_category_id);
        return {
          sub_category_id: s.sub_category_id,
          name: names.subCategories.get(s.sub_category_id) ?? catalog.subCategoryNames.get(s.sub_category_id) ?? '',
          videos_count: s.total,
          watched_count: s.watched,
          progress: progressPercent(s.watched, s.total, micro !== undefined),
          certificate_date: micro ? iso(micro.issued_at) : null,
        };
      }),
      available: preview || available,
    };
  });
  return { source: path.source, categories: categoriesOut, certs, standing: rows, lessonIds: path.lessonIds };
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

/**
 * `onlyCategoryId`: the call opens that one category (a video of it, its page). Only the essential categories before
 * it can lock it, so only those are counted and no statement runs when there is none; `lockedCategoryIds` then
 * speaks for the categories up to that one only.
 */
export async function pathAccessOf(ctx: AppContext, caller: Caller, onlyCategoryId?: number): Promise<PathAccess> {
  const preview = caller.isSuperUser || caller.isGuest;
  if (caller.organizationId === null) return { categoryIds: null, hiddenVideoIds: [], lockedCategoryIds: new Set(), preview };
  const path = await keptLearningPathFor(ctx.db, caller.catalogVersion, caller.organizationId, caller.teamId);
  const categoryIds = path.categories.map((c) => c.category_id);
  if (preview) return { categoryIds, hiddenVideoIds: path.hiddenVideoIds, lockedCategoryIds: new Set(), preview };
  const considered = onlyCategoryId === undefined ? path.categories : path.categories.slice(0, categoryIds.indexOf(onlyCategoryId) + 1);
  return { categoryIds, hiddenVideoIds: path.hiddenVideoIds, lockedCategoryIds: await lockedCategoriesOf(ctx, caller, path, considered), preview };
}

/**
 * The path's categories still locked for the member, among `considered` (the path's first ones). Only an essential
 * category before the last considered one can lock another, so only those are counted (one statement of the
 * member's own rows; none when there is no such category).
 */
async function lockedCategoriesOf(ctx: AppContext, caller: Caller, path: LearningPath, considered: LearningPath['categories']): Promise<Set<number>> {
  const gates = considered.slice(0, -1).filter((c) => c.essential === 1);
  if (gates.length === 0) return new Set();
  const [catalog, mine] = await Promise.all([listedCatalog(ctx.db, caller.catalogVersion), watchedAndCertified(ctx.db, caller.userId)]);
  const counts = subCategoryCounts(
    catalog,
    gates.map((c) => c.category_id),
    path.hiddenVideoIds,
    mine.watched,
  );
  const open = availability(
    considered.map((c) => {
      const { total, watched } = categoryCount(counts, c.category_id);
      return { essential: c.essential, total, progress: progressPercent(watched, total, mine.certifiedCategories.has(c.category_id)) };
    }),
  );
  return new Set(considered.filter((_, i) => !open[i]).map((c) => c.category_id));
}

export async function memberOrThrow(ctx: AppContext, userId: number): Promise<Member> {
  const member = await findMember(ctx.db, userId);
  if (!member) throw notFound('User not found.');
  return member;
}

export async function learningPathHome(ctx: AppContext, caller: Caller): Promise<LearningPathHomeData> {
  const member = await memberOrThrow(ctx, caller.userId);
  const { source, categories, standing, lessonIds } = await pathProgress(ctx, member, caller);
  // The organization's own lessons of the path (never the guest's: they belong to no organization's people).
  const ownLessons =
    member.organization_id !== null && member.is_guest !== 1 ? await memberPathOwnLessons(ctx, member.organization_id, member.id, lessonIds) : [];
  // Each own lesson counts as one video: done when watched, like a category once complete.
  const figures = pathFigures([
    ...standing,
    ...ownLessons.map((l) => ({ total: 1, watched: l.watched ? 1 : 0, certified: false, progress: l.watched ? 100 : 0 })),
  ]);
  return {
    name: member.name,
    last_name: member.last_name,
    role: member.role,
    team: member.team,
    source,
    ...figures,
    summary: `${figures.done} COMPLETED / ${figures.total} TO GO - ${figures.percent}% COMPLETED`,
    categories,
    own_lessons: ownLessons,
  };
}
