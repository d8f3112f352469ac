import { type CatalogTreeData, ORGANIZATION_MESSAGES, type PathCategoriesData, type PathLessonsData } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { groupBy } from '../../lib/group-by.ts';
import type { Caller } from '../auth/index.ts';
import { pathOwnLessons } from '../studio/index.ts';
import { categoryTotals, formatDuration, namesFor, titlesFor } from '../videos/index.ts';
import {
  catalogCategories,
  catalogTree,
  categoryExists,
  categoryVideoIds,
  ensurePath,
  learningPathFor,
  type PathEntry,
  replaceHiddenVideos,
  replacePathCategories,
  replacePathLessons,
} from './learning-path.queries.ts';
import { assertCanManageOrganization } from './organization.policy.ts';
import { findTeam } from './teams.queries.ts';

export const CATEGORY_NOT_FOUND = 'Category not found.';
export const TEAM_NOT_FOUND = 'Team not found.';

/** A requested entry: category, wished position, and the required flag (undefined: the catalog's). */
export type PathRequestEntry = { category_id: number; order: number; essential?: 0 | 1 };

async function assertTeamOf(ctx: AppContext, organizationId: number, teamId: number | null): Promise<void> {
  if (teamId !== null && !(await findTeam(ctx.db, organizationId, teamId))) throw notFound(TEAM_NOT_FOUND);
}

export async function getPathCategories(ctx: AppContext, caller: Caller, organizationId: number, teamId: number | null): Promise<PathCategoriesData> {
  assertCanManageOrganization(caller, organizationId);
  await assertTeamOf(ctx, organizationId, teamId);
  const [path, names] = await Promise.all([learningPathFor(ctx.db, organizationId, teamId), namesFor(ctx.db, caller)]);
  return {
    source: path.source,
    data: path.categories.map((c) => ({
      id: c.category_id,
      name: names.categories.get(c.category_id) ?? c.name,
      picture: c.picture,
      sort: c.position,
      essential: c.essential,
    })),
  };
}

export async function getCatalogTree(ctx: AppContext, caller: Caller, organizationId: number): Promise<CatalogTreeData> {
  assertCanManageOrganization(caller, organizationId);
  // Named in the supervisor's language, as the members' screens are (the catalog's English where none is kept).
  const [{ categories, subCategories, videos }, path, names, titles] = await Promise.all([
    catalogTree(ctx.db),
    learningPathFor(ctx.db, organizationId, caller.teamId),
    namesFor(ctx.db, caller),
    titlesFor(ctx.db, caller),
  ]);
  // The tree lists every video (the creator hides and shows them); its figures follow the rule home uses.
  const totals = await categoryTotals(ctx.db, path.hiddenVideoIds);
  const videosBySub = groupBy(videos, (v) => v.sub_category_id);
  const subsByCategory = groupBy(subCategories, (s) => s.category_id);
  return categories.map((c) => ({
    ...c,
    name: names.categories.get(c.id) ?? c.name,
    videos_count: totals.get(c.id)?.videos_count ?? 0,
    total_seconds: totals.get(c.id)?.total_seconds ?? 0,
    subcategories: (subsByCategory.get(c.id) ?? []).map((s) => ({
      url_page_id: s.id,
      title: names.subCategories.get(s.id) ?? s.name,
      data: (videosBySub.get(s.id) ?? []).map((v) => ({
        admin_video_id: v.id,
        title: titles.get(v.id)?.title ?? v.title,
        default_image: v.image,
        duration: formatDuration(v.duration_seconds),
        in_test: v.in_test,
        in_production: v.in_production,
      })),
    })),
  }));
}

export async function getHiddenVideos(ctx: AppContext, caller: Caller, organizationId: number, categoryId: number, teamId: number | null): Promise<number[]> {
  assertCanManageOrganization(caller, organizationId);
  await assertTeamOf(ctx, organizationId, teamId);
  if (!(await categoryExists(ctx.db, categoryId))) throw notFound(CATEGORY_NOT_FOUND);
  const [path, inCategory] = await Promise.all([learningPathFor(ctx.db, organizationId, teamId), categoryVideoIds(ctx.db, categoryId)]);
  const ofCategory = new Set(inCategory);
  return path.hiddenVideoIds.filter((id) => ofCategory.has(id));
}

/** Hides videos of one category from a path's members; at least one video of the category stays visible. */
export async function editHiddenVideos(
  ctx: AppContext,
  caller: Caller,
  organizationId: number,
  categoryId: number,
  teamId: number | null,
  hiddenIds: number[],
): Promise<void> {
  assertCanManageOrganization(caller, organizationId);
  await assertTeamOf(ctx, organizationId, teamId);
  const inCategory = await categoryVideoIds(ctx.db, categoryId);
  if (inCategory.length === 0 && !(await categoryExists(ctx.db, categoryId))) throw notFound(CATEGORY_NOT_FOUND);
  const hidden = [...new Set(hiddenIds)];
  const ofCategory = new Set(inCategory);
  const foreign = hidden.filter((id) => !ofCategory.has(id));
  if (foreign.length > 0) throw badRequest(`hidden_videos_ids: videos ${foreign.join(', ')} are not in category ${categoryId}`);
  if (inCategory.length > 0 && hidden.length >= inCategory.length) throw badRequest(ORGANIZATION_MESSAGES.oneVideo);
  await ctx.db.transaction().execute(async (trx) => {
    const pathId = await ensurePath(trx, organizationId, teamId);
    await replaceHiddenVideos(trx, pathId, categoryId, hidden);
  });
}

/**
 * Checks a requested path: at least one category and one required category, each a catalog category once.
 * Positions are renumbered from 1 in the requested order.
 */
export async function preparePathEntries(ctx: AppContext, requested: PathRequestEntry[]): Promise<PathEntry[]> {
  const ids = requested.map((e) => e.category_id);
  if (new Set(ids).size !== ids.length) throw badRequest('categories: a category may appear only once');
  const known = new Map((await catalogCategories(ctx.db, ids)).map((c) => [c.id, c.essential]));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw notFound(`${CATEGORY_NOT_FOUND} (${unknown.join(', ')})`);
  const entries = [...requested]
    .sort((a, b) => a.order - b.order)
    .map((e, i) => ({ category_id: e.category_id, position: i + 1, essential: e.essential ?? known.get(e.category_id) ?? 0 }));
  if (!entries.some((e) => e.essential === 1)) throw badRequest(ORGANIZATION_MESSAGES.requiredCategory);
  return entries;
}

/** Writes a checked path (organization default when teamId is null), inside the caller's transaction. */
export async function writePath(db: Db, organizationId: number, teamId: number | null, entries: PathEntry[]): Promise<void> {
  const pathId = await ensurePath(db, organizationId, teamId);
  await replacePathCategories(db, pathId, entries);
}

export async function savePath(ctx: AppContext, caller: Caller, organizationId: number, teamId: number | null, requested: PathRequestEntry[]): Promise<void> {
  assertCanManageOrganization(caller, organizationId);
  await assertTeamOf(ctx, organizationId, teamId);
  const entries = await preparePathEntries(ctx, requested);
  await ctx.db.transaction().execute((trx) => writePath(trx, organizationId, teamId, entries));
}

/** Changes only the required flags of the organization's current path (the catalog default when none is saved). */
export async function saveEssentialFlags(ctx: AppContext, caller: Caller, organizationId: number, flags: Array<{ category_id: number; essential: 0 | 1 }>) {
  assertCanManageOrganization(caller, organizationId);
  const current = await learningPathFor(ctx.db, organizationId, null);
  const wanted = new Map(flags.map((f) => [f.category_id, f.essential]));
  const outside = flags.filter((f) => !current.categories.some((c) => c.category_id === f.category_id));
  if (outside.length > 0) throw notFound(`${CATEGORY_NOT_FOUND} (${outside.map((f) => f.category_id).join(', ')})`);
  await savePath(
    ctx,
    caller,
    organizationId,
    null,
    current.categories.map((c) => ({ category_id: c.category_id, order: c.position, essential: wanted.get(c.category_id) ?? (c.essential ? 1 : 0) })),
  );
}

/** An ordered list of ids and the ids among them that are required, as the spec's team call sends them. */
export function entriesFromLists(categories: number[], essential: number[] | undefined): PathRequestEntry[] {
  const required = essential ? new Set(essential) : null;
  return categories.map((id, i) => ({ category_id: id, order: i + 1, ...(required ? { essential: required.has(id) ? 1 : 0 } : {}) }));
}

/**
 * The organization's own lessons a path holds (a team following the organization's path: the organization's), and
 * every published own lesson the creator may add. Another organization's lessons are
 * never listed: the studio answers the caller's organization's only.
 */
export async function getPathLessons(ctx: AppContext, caller: Caller, organizationId: number, teamId: number | null): Promise<PathLessonsData> {
  assertCanManageOrganization(caller, organizationId);
  await assertTeamOf(ctx, organizationId, teamId);
  const path = await learningPathFor(ctx.db, organizationId, teamId);
  const [lessons, available] = await Promise.all([pathOwnLessons(ctx, organizationId, path.lessonIds), pathOwnLessons(ctx, organizationId)]);
  return { lessons, available };
}

/**
 * Sets a path's own lessons, in order: each a published lesson of the organization (another organization's is as
 * unknown as a missing one). A team's lessons go with its own categories: a team following the organization's path
 * takes the organization's lessons too.
 */
export async function savePathLessons(
  ctx: AppContext,
  caller: Caller,
  organizationId: number,
  teamId: number | null,
  lessonIds: number[],
): Promise<PathLessonsData> {
  assertCanManageOrganization(caller, organizationId);
  await assertTeamOf(ctx, organizationId, teamId);
  if (new Set(lessonIds).size !== lessonIds.length) throw badRequest('lesson_ids: a lesson may appear only once');
  const known = new Set((await pathOwnLessons(ctx, organizationId, lessonIds)).map((l) => l.lesson_id));
  const unknown = lessonIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw notFound(`No such published lesson in your organization (${unknown.join(', ')}).`);
  if (teamId !== null && (await learningPathFor(ctx.db, organizationId, teamId)).source !== 'team')
    throw badRequest("This team follows the organization's path: save its own categories first, or add the lessons to the organization's path.");
  await ctx.db.transaction().execute(async (trx) => replacePathLessons(trx, await ensurePath(trx, organizationId, teamId), lessonIds));
  return getPathLessons(ctx, caller, organizationId, teamId);
}
